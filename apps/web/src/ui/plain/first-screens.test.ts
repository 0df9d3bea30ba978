import { LAYOUT } from '@zview/contracts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BRAND } from '../../app/brand';
import { theme } from '../../app/theme';

// Read as served (vitest does not process CSS imports).
const stylesheet = readFileSync(path.join(import.meta.dirname, 'first-screens.css'), 'utf8');
const indexHtml = readFileSync(path.join(import.meta.dirname, '../../../index.html'), 'utf8');

/** The keyframes a stylesheet defines, and the ones its rules animate by (`animation: <name> …`). */
const keyframesOf = (css: string) => new Set([...css.matchAll(/@keyframes\s+([\w-]+)/g)].map(([, name]) => name!));
const animatedBy = (css: string) => new Set([...css.matchAll(/animation:\s*([\w-]+)/g)].map(([, name]) => name!));

/** The custom properties the first screens' stylesheet declares on :root. */
function customProperties(css: string): Record<string, string> {
  const root = /:root\s*{([^}]*)}/.exec(css)?.[1] ?? '';
  return Object.fromEntries(
    [...root.matchAll(/--([\w-]+):\s*([^;]+);/g)].map(([, name, value]) => [name!, value!.trim()]),
  );
}

/** The stylesheet of the first screens drawn without MUI repeats the theme: they must agree (issue 45). */
describe('the first screens stylesheet and the MUI theme', () => {
  const properties = customProperties(stylesheet);

  it('declares the theme’s colours, radius, font and layout sizes with the theme’s values', () => {
    const { palette, shape, typography } = theme;
    expect({
      primary: properties['zv-primary'],
      'primary-dark': properties['zv-primary-dark'],
      'primary-light': properties['zv-primary-light'],
      'primary-contrast': properties['zv-primary-contrast'],
      secondary: properties['zv-secondary'],
      background: properties['zv-background'],
      paper: properties['zv-paper'],
      text: properties['zv-text'],
      'text-secondary': properties['zv-text-secondary'],
      divider: properties['zv-divider'],
      error: properties['zv-error'],
      navy: properties['zv-navy'],
      teal: properties['zv-teal'],
      radius: properties['zv-radius'],
      'min-page-width': properties['zv-min-page-width'],
      'top-bar-height': properties['zv-top-bar-height'],
    }).toEqual({
      primary: palette.primary.main,
      'primary-dark': palette.primary.dark,
      'primary-light': palette.primary.light,
      'primary-contrast': palette.primary.contrastText,
      secondary: palette.secondary.main,
      background: palette.background.default,
      paper: palette.background.paper,
      text: palette.text.primary,
      'text-secondary': palette.text.secondary,
      divider: palette.divider,
      error: palette.error.main,
      navy: BRAND.navy,
      teal: BRAND.teal,
      radius: `${String(shape.borderRadius)}px`,
      'min-page-width': `${LAYOUT.minPageWidthPx}px`,
      'top-bar-height': `${LAYOUT.topBarHeightPx}px`,
    });
    expect(properties['zv-font']?.replaceAll("'", '"')).toBe(typography.fontFamily);
  });

  it('keeps the page-wide rules of MUI’s CssBaseline and the theme’s body override', () => {
    expect(stylesheet).toMatch(/body\s*{[^}]*min-width:\s*var\(--zv-min-page-width\)/);
    expect(stylesheet).toMatch(/body\s*{[^}]*background-color:\s*var\(--zv-background\)/);
    expect(stylesheet).toMatch(/\*::after\s*{\s*box-sizing:\s*inherit;/);
  });

  it('animates only by keyframes it or index.html defines: the spinners share the boot loader’s', () => {
    const defined = new Set([...keyframesOf(stylesheet), ...keyframesOf(indexHtml)]);
    expect([...animatedBy(stylesheet), ...animatedBy(indexHtml)].filter((name) => !defined.has(name))).toEqual([]);
    // One copy: the boot loader's (index.html, drawn before any stylesheet) serves the Spinner too.
    expect(keyframesOf(indexHtml)).toEqual(new Set(['zv-rotate', 'zv-dash']));
    expect([...keyframesOf(stylesheet)].filter((name) => keyframesOf(indexHtml).has(name))).toEqual([]);
    expect(animatedBy(stylesheet)).toEqual(new Set(['zv-rotate', 'zv-dash', 'zv-pulse']));
  });
});
