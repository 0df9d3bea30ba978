import type { RuntimeConfig } from '@zview/contracts';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ComponentType, type ReactNode } from 'react';
import { createQueryClient } from '../api/query-client';
import { AppErrorBoundary } from './ErrorBoundary';
import { AppBrowserRouter } from './AppBrowserRouter';
import { AppRoutes } from './routes';
import { RuntimeConfigProvider } from '../session/runtime-config';
import { theme } from './theme';

/** Theme, error boundary, runtime configuration and data cache: what every render of the app needs. */
export function AppProviders({
  config,
  queryClient,
  children,
}: {
  config: RuntimeConfig;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <AppErrorBoundary>
        <RuntimeConfigProvider config={config}>
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </RuntimeConfigProvider>
      </AppErrorBoundary>
    </ThemeProvider>
  );
}

export function App({
  config,
  Router = AppBrowserRouter,
}: {
  config: RuntimeConfig;
  /** The browser's history in the app; tests give a MemoryRouter at a path. */
  Router?: ComponentType<{ children: ReactNode }>;
}) {
  const [queryClient] = useState(createQueryClient);
  return (
    <AppProviders config={config} queryClient={queryClient}>
      <Router>
        <AppRoutes />
      </Router>
    </AppProviders>
  );
}
