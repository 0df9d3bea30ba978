import type { RuntimeConfig } from '@zview/contracts';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { RouterProvider, createBrowserRouter, type createMemoryRouter } from 'react-router';
import { createQueryClient } from '../api/query-client';
import { AppErrorBoundary } from './ErrorBoundary';
import { buildRoutes } from './routes';
import { RuntimeConfigProvider } from '../session/runtime-config';
import { theme } from './theme';

/**
 * Lets a navigation ask to commit at once (its `flushSync` option), as react-router/dom's provider
 * does (that provider itself rendered no route in the component tests: vitest resolved it to a
 * second copy of react-router).
 */
const commitAtOnce = (fn: () => unknown) => void flushSync(fn);

type AppRouter = ReturnType<typeof createBrowserRouter> | ReturnType<typeof createMemoryRouter>;

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
  createRouter = () => createBrowserRouter(buildRoutes()),
}: {
  config: RuntimeConfig;
  createRouter?: () => AppRouter;
}) {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createRouter);
  return (
    <AppProviders config={config} queryClient={queryClient}>
      <RouterProvider router={router} flushSync={commitAtOnce} />
    </AppProviders>
  );
}
