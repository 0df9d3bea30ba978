import { Suspense, lazy } from 'react';
import type { LoginMessage } from './loginMessages';

// Most screens show no message: the alert's code (MUI's Alert, its icons and close button) loads
// with the first one, not before the login page or the app (issue 45).
const MessageBlock = lazy(() => import('./MessageBlock').then((module) => ({ default: module.MessageBlock })));

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
