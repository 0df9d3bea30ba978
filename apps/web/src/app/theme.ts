import { LAYOUT } from '@zview/contracts';
import { createTheme } from '@mui/material/styles';

/** Brand colours: a dark navy chrome with a teal accent, on a cool light-grey canvas. */
export const BRAND = {
  navy: '#0b1f3a',
  navyLight: '#17325a',
  teal: '#1aa39a',
  canvas: '#f4f6f9',
} as const;

export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#1d4f91', dark: '#123a6d', light: '#4a78b5', contrastText: '#ffffff' },
    secondary: { main: BRAND.teal, contrastText: '#ffffff' },
    background: { default: BRAND.canvas, paper: '#ffffff' },
    text: { primary: '#1b2533', secondary: '#5b6777' },
    divider: '#e2e7ee',
  },
  shape: { borderRadius: 6 },
  typography: {
    fontFamily: '"Inter", "Segoe UI", -apple-system, BlinkMacSystemFont, "Helvetica Neue", Arial, sans-serif',
    fontSize: 14,
    h1: { fontWeight: 600 },
    h2: { fontWeight: 600 },
    h3: { fontWeight: 600 },
    h4: { fontWeight: 600, fontSize: '1.6rem' },
    h5: { fontWeight: 600, fontSize: '1.3rem' },
    h6: { fontWeight: 600, fontSize: '1.05rem' },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        body: { minWidth: LAYOUT.minPageWidthPx, backgroundColor: BRAND.canvas },
      },
    },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiTooltip: {
      styleOverrides: { tooltip: { fontSize: '0.8rem', backgroundColor: '#1b2533' }, arrow: { color: '#1b2533' } },
    },
    MuiPaper: { styleOverrides: { outlined: { borderColor: '#e2e7ee' } } },
  },
});
