import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
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
