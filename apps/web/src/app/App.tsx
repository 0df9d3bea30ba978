import type { RuntimeConfig } from '@zview/contracts';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ComponentType, type ReactNode } from 'react';
import { createQueryClient } from '../api/query-client';
import { AppErrorBoundary } from './ErrorBoundary';
import { AppBrowserRouter } from './AppBrowserRouter';
import { AppRoutes } from './routes';
import { RuntimeConfigProvider } from '../session/runtime-config';

/**
 * Error boundary, runtime configuration and data cache: what every render of the app needs. No MUI
 * theme here: the first screens are drawn without MUI (ui/plain/first-screens.css, issue 45), and
 * each part drawn with MUI brings its theme with its lazy chunk (app/MuiScope.tsx).
 */
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
    <AppErrorBoundary>
      <RuntimeConfigProvider config={config}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </RuntimeConfigProvider>
    </AppErrorBoundary>
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
