import { createRoot, type Root } from 'react-dom/client';
// The first screens' stylesheet (the page-wide rules, the shell, the home page): static, in the
// document's head, before any JavaScript (issue 45).
import './ui/plain/first-screens.css';
import { bootstrap } from './app/boot';
import { startErrorReporting } from './app/error-reporting';
import { showFirstScreen } from './app/first-screen';
import { readRuntimeConfig } from './session/runtime-config';

/**
 * The entry: reads the runtime configuration, wires the client, then loads the first screen: the
 * login page alone for a person not signed in, the app otherwise (app/first-screen.ts). Neither is
 * in this chunk, so a first load downloads only what its screen needs (issue 45).
 */
function showBootError(root: Root, message: string, advice?: string) {
  void import('./app/BootError').then(({ BootError }) => root.render(<BootError message={message} advice={advice} />));
}

const container = document.getElementById('root');
if (container) {
  const root = createRoot(container);
  const result = readRuntimeConfig();
  if (!result.ok) {
    showBootError(root, result.message, result.advice);
  } else {
    void startErrorReporting(result.config);
    bootstrap(result.config);
    showFirstScreen(root, result.config).catch((error: unknown) =>
      showBootError(root, error instanceof Error ? error.message : String(error)),
    );
  }
}
