import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { theme } from './theme';

/**
 * MUI's theme around a part drawn with MUI (a lazy page, a menu, a dialog, a toast). The first
 * screens (shell, top bar, home page) are drawn without MUI (issue 45: the home page's first
 * JavaScript), so the provider is not at the app's root: each part that uses MUI brings it with its
 * own lazy chunk (ui/mui-scope.ts), and nothing above it remounts when MUI arrives. The page-wide
 * rules of MUI's CssBaseline are in the first screens' stylesheet (ui/plain/first-screens.css).
 */
export function MuiScope({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
