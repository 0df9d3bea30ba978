import { Suspense, lazy } from 'react';
import { withMuiScope } from '../../ui/mui-scope';
import type { LoginMessage } from './loginMessages';

// Most screens show no message: the alert's code (MUI's Alert, its icons and close button) loads
// with the first one, in MUI's theme, not before the login page or the app (issue 45).
const loadMessageBlock = withMuiScope(() => import('./MessageBlock').then((module) => module.MessageBlock));
const MessageBlock = lazy(() => loadMessageBlock().then((component) => ({ default: component })));

/** MessageBlock, loaded when first shown; its text and support line read as an alert meanwhile. */
export function LazyMessageBlock({ message }: { message: Pick<LoginMessage, 'text' | 'supportLine'> | null }) {
  if (!message) return null;
  return (
    <Suspense
      fallback={
        <div role="alert">
          <span>{message.text}</span> {message.supportLine && <span>{message.supportLine}</span>}
        </div>
      }
    >
      <MessageBlock message={message} />
    </Suspense>
  );
}
