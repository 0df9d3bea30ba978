import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, BootError } from './app/App';
import { bootstrap } from './app/boot';
import { startErrorReporting } from './app/error-reporting';
import { readRuntimeConfig } from './session/runtime-config';

const container = document.getElementById('root');
if (container) {
  const root = createRoot(container);
  const result = readRuntimeConfig();
  if (!result.ok) {
    root.render(<BootError message={result.message} advice={result.advice} />);
  } else {
    void startErrorReporting(result.config);
    bootstrap(result.config);
    root.render(
      <StrictMode>
        <App config={result.config} />
      </StrictMode>,
    );
  }
}
