#!/usr/bin/env node
/**
 * Writes the base map's label glyphs (SDF glyph PBFs, the format MapLibre's `glyphs` URL serves)
 * to apps/web/public/map-glyphs/DejaVuSans/{range}.pbf, so labels render without any outside
 * font service. Glyphs are rasterised by Chromium with @mapbox/tiny-sdf (what MapLibre itself
 * uses for local CJK glyphs) from the DejaVu Sans font (Debian `fonts-dejavu-core`, free licence),
 * at the standard 24 px with a 3 px buffer, and encoded with `pbf`.
 *
 * The output is committed; re-run only to change the font or the ranges:
 *   node apps/web/scripts/make-map-glyphs.mjs
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PbfWriter } from 'pbf';
import { chromium } from 'playwright-core';

const FONTSTACK = 'DejaVuSans';
/** Basic Latin + Latin-1, Latin Extended-A/B, General Punctuation (dashes, quotes). */
const RANGES = [0, 256, 8192];
const here = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.join(here, '..', 'public', 'map-glyphs', FONTSTACK);
const require = createRequire(import.meta.url);
const tinySdfSource = readFileSync(require.resolve('@mapbox/tiny-sdf'), 'utf8').replace(
  'export default class',
  'class',
);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  await page.setContent('<html><body></body></html>');
  await page.addScriptTag({ content: `${tinySdfSource}\nglobalThis.TinySDF = TinySDF;` });
  mkdirSync(outDir, { recursive: true });
  for (const start of RANGES) {
    const glyphs = await page.evaluate((first) => {
      const sdf = new globalThis.TinySDF({
        fontSize: 24,
        buffer: 3,
        radius: 8,
        cutoff: 0.25,
        fontFamily: 'DejaVu Sans',
      });
      const out = [];
      for (let id = first; id < first + 256; id++) {
        const g = sdf.draw(String.fromCharCode(id));
        if (id < 32 || (id >= 127 && id < 160)) continue; // control characters
        out.push({
          id,
          bitmap: g.glyphWidth && g.glyphHeight ? Array.from(g.data) : [],
          width: g.glyphWidth,
          height: g.glyphHeight,
          left: g.glyphLeft,
          top: g.glyphTop,
          advance: g.glyphAdvance,
        });
      }
      return out;
    }, start);
    const pbf = new PbfWriter();
    pbf.writeMessage(
      1,
      (_, stack) => {
        stack.writeStringField(1, FONTSTACK);
        stack.writeStringField(2, `${start}-${start + 255}`);
        for (const glyph of glyphs) {
          stack.writeMessage(
            3,
            (g, w) => {
              w.writeVarintField(1, g.id);
              if (g.bitmap.length) w.writeBytesField(2, Uint8Array.from(g.bitmap));
              w.writeVarintField(3, g.width);
              w.writeVarintField(4, g.height);
              w.writeSVarintField(5, g.left);
              // Server-made glyphs measure `top` from an origin above the em box: MapLibre aligns
              // its own TinySDF glyphs the same way (its glyph manager's topAdjustment of 27).
              w.writeSVarintField(6, g.top - 27);
              w.writeVarintField(7, Math.round(g.advance));
            },
            glyph,
          );
        }
      },
      null,
    );
    const file = path.join(outDir, `${start}-${start + 255}.pbf`);
    writeFileSync(file, pbf.finish());
    console.log(`${path.relative(process.cwd(), file)}: ${glyphs.length} glyphs`);
  }
} finally {
  await browser.close();
}
