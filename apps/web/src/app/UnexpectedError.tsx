import { MESSAGES } from '@zview/contracts';
import Button from '@mui/material/Button';
import { ErrorBox } from '../ui/ErrorBox';

/** Something failed to render, or its code to load (ErrorBoundary.tsx): the generic error box with Reload. */
export function UnexpectedError({ fullPage }: { fullPage?: boolean }) {
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
