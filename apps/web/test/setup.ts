import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor wait up to 5 s (default 1 s): lazily loaded routes and MUI's first render take
// longer than a second when the suite shares two cores with the server and browser tests; the
// assertion is the same, only the patience differs.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
