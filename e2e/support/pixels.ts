import type { Locator } from 'playwright-core';
import { PNG } from 'pngjs';

export interface PixelStats {
  /** Mean luminance, 0–255. */
  mean: number;
  /** Standard deviation of luminance: near 0 for a blank or uniform canvas. */
  stddev: number;
  /** Distinct colours after quantising to 4 bits per channel. */
  colours: number;
}

/**
 * Screenshots a map canvas and measures how varied its pixels are. The widget's floating controls
 * and markers are hidden for the shot, so only what WebGL drew is measured.
 */
export async function pixelStats(element: Locator): Promise<PixelStats> {
  const page = element.page();
  const style = await page.addStyleTag({
    content: '[data-testid=map-widget] *:not(:has(canvas)):not(canvas) { visibility: hidden !important; }',
  });
  let shot: Buffer;
  try {
    shot = await element.screenshot({ animations: 'disabled' });
  } finally {
    await style.evaluate((el) => (el as Element).remove());
  }
  const png = PNG.sync.read(shot);
  let sum = 0;
  let sumSq = 0;
  const colours = new Set<number>();
  const n = png.width * png.height;
  for (let i = 0; i < png.data.length; i += 4) {
    const r = png.data[i]!;
    const g = png.data[i + 1]!;
    const b = png.data[i + 2]!;
    const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    sum += y;
    sumSq += y * y;
    colours.add(((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4));
  }
  const mean = sum / n;
  return { mean, stddev: Math.sqrt(Math.max(0, sumSq / n - mean * mean)), colours: colours.size };
}
