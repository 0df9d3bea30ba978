import { LAYOUT } from '@zview/contracts';
import { createTheme } from '@mui/material/styles';
import { BORDER_RADIUS_PX, BRAND, FONT_FAMILY, PALETTE } from './brand';

export const theme = createTheme({
  palette: { mode: 'light', ...PALETTE },
  shape: { borderRadius: BORDER_RADIUS_PX },
  typography: {
    fontFamily: FONT_FAMILY,
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
