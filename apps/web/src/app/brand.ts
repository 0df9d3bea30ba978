/**
 * The theme's values without MUI: app/theme.ts builds MUI's theme from them, and the first screens'
 * stylesheet (ui/plain/first-screens.css) repeats them as CSS custom properties, held equal to the
 * theme by ui/plain/first-screens.test.ts (one source of truth, issue 45).
 */

/** Brand colours: a dark navy chrome with a teal accent, on a cool light-grey canvas. */
export const BRAND = {
  navy: '#0b1f3a',
  navyLight: '#17325a',
  teal: '#1aa39a',
  canvas: '#f4f6f9',
} as const;

export const PALETTE = {
  primary: { main: '#1d4f91', dark: '#123a6d', light: '#4a78b5', contrastText: '#ffffff' },
  secondary: { main: BRAND.teal, contrastText: '#ffffff' },
  background: { default: BRAND.canvas, paper: '#ffffff' },
  text: { primary: '#1b2533', secondary: '#5b6777' },
  divider: '#e2e7ee',
} as const;

export const FONT_FAMILY =
  '"Inter", "Segoe UI", -apple-system, BlinkMacSystemFont, "Helvetica Neue", Arial, sans-serif';

export const BORDER_RADIUS_PX = 6;
