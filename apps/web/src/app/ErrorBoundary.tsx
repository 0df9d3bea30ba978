import { MESSAGES } from '@zview/contracts';
import Button from '@mui/material/Button';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorBox } from '../ui/ErrorBox';
import { reportError } from './error-reporting';
import { NotFoundPage } from './NotFoundPage';

function UnexpectedError({ fullPage }: { fullPage?: boolean }) {
  return (
    <ErrorBox
      title="Something went wrong"
      messages={[MESSAGES.unexpectedError]}
      fullPage={fullPage}
      actions={
        <Button variant="outlined" onClick={() => window.location.reload()}>
          Reload
        </Button>
      }
    />
  );
}

/** The router's error element: 404 responses show the not-found page, anything else the generic error. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
  reportError(error, { boundary: 'route' });
  return <UnexpectedError />;
}

/** The generic error boundary around everything outside the router (SPEC §2). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
    reportError(error, { boundary: 'app', componentStack: info.componentStack });
  }

  override render() {
    return this.state.failed ? <UnexpectedError fullPage /> : this.props.children;
  }
}
