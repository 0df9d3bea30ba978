import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { mapLibreSettled } from '../src/features/map/engine/loadMapLibre';
import { preloadDeferredComponents } from '../src/ui/deferred';

// findBy*/waitFor wait up to 5 s (default 1 s): lazily loaded routes and MUI's first render take
// longer than a second when the suite shares two cores with the server and browser tests; the
// assertion is the same, only the patience differs.
configure({ asyncUtilTimeout: 5_000 });

// Parts of the app that load after its first page (ui/deferred.tsx) render at once in component
// tests, as they do in the app once loaded; ui/deferred.test.tsx tests the deferral itself.
beforeAll(() => preloadDeferredComponents());

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// A map page may start loading maplibre-gl as its test ends; the file's environment waits for it.
afterAll(() => mapLibreSettled());
