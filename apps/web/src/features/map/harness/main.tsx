import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MapHarness } from './MapHarness';

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <MapHarness />
    </StrictMode>,
  );
}
