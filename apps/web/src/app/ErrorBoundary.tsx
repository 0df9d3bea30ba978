import { MESSAGES } from '@zview/contracts';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { deferredComponent } from '../ui/deferred';
import { reportError } from './error-reporting';

/**
 * The generic error (UnexpectedError.tsx, drawn with MUI): loaded when an error is caught, not with
 * the first screens (issue 45). Until it is here (or when it cannot load) the message shows plain.
 */
const UnexpectedError = deferredComponent<{ fullPage?: boolean }>(
  () => import('./UnexpectedError').then((module) => module.UnexpectedError),
  {
    start: 'mounted',
    placeholder: () => (
      <div role="alert" className="zv-page-loading">
        <p className="zv-body1">{MESSAGES.unexpectedError}</p>
      </div>
    ),
  },
);

interface RouteErrorCatcherProps {
  /** The path shown: a failed page is tried again when the person goes elsewhere. */
  resetKey: string;
  children: ReactNode;
}

class RouteErrorCatcher extends Component<RouteErrorCatcherProps, { failed: boolean; resetKey: string }> {
  override state = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromProps(props: RouteErrorCatcherProps, state: { failed: boolean; resetKey: string }) {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error) {
    console.error(error);
    reportError(error, { boundary: 'route' });
  }

  override render() {
    return this.state.failed ? <UnexpectedError /> : this.props.children;
  }
}

/**
 * The routes' error boundary: a page that fails to render (or whose code fails to load after its
 * retries) shows the generic error; going to another path tries again.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <RouteErrorCatcher resetKey={pathname}>{children}</RouteErrorCatcher>;
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
