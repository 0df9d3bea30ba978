import { LAYOUT } from '@zview/contracts';
import { Suspense, lazy, useSyncExternalStore } from 'react';
import { withMuiScope } from '../ui/mui-scope';

// Only a narrow window needs the overlay's code (issue 45: nothing a screen does not show is in its
// first download); drawn with MUI, it comes in MUI's theme.
const loadWidthOverlay = withMuiScope(() => import('./WidthOverlay').then((module) => module.WidthOverlay));
const WidthOverlay = lazy(() => loadWidthOverlay().then((component) => ({ default: component })));

function subscribeToResize(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** The width overlay of every screen (SPEC §2, WidthOverlay.tsx), loaded once the window is narrower than it allows. */
export function NarrowWindowOverlay() {
  const narrow = useSyncExternalStore(
    subscribeToResize,
    () => window.innerWidth < LAYOUT.widthWarningPx,
    () => false,
  );
  return narrow ? (
    <Suspense fallback={null}>
      <WidthOverlay />
    </Suspense>
  ) : null;
}
