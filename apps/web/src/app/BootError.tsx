import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { ErrorBox } from '../ui/ErrorBox';
import { theme } from './theme';

/** The full-page error shown when the runtime configuration cannot be read, or the app cannot load. */
export function BootError({ message, advice }: { message: string; advice?: string }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ErrorBox fullPage title="Z-VIEW could not start" messages={advice ? [message, advice] : [message]} />
    </ThemeProvider>
  );
}
