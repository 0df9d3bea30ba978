import { lazy } from 'react';
import type * as ImageryPanelModule from './components/PropertyImageryPanel';

// The map arrives with the first result, not with the search page (initial JavaScript budget).
let imageryPanelModule: typeof ImageryPanelModule | null = null;
const loadImageryPanel = () =>
  import('./components/PropertyImageryPanel').then((module) => (imageryPanelModule = module));
export const LazyImageryPanel = lazy(() => loadImageryPanel().then((m) => ({ default: m.PropertyImageryPanel })));
export const loadedImageryPanel = () => imageryPanelModule;

/**
 * Runs `run` with the imagery panel's module: at once when it is loaded (an import() of it would
 * resolve only after the work already queued, such as rendering the scores), else when it is.
 */
export function withImageryPanel(run: (panel: typeof ImageryPanelModule) => void): void {
  if (imageryPanelModule) run(imageryPanelModule);
  else loadImageryPanel().then(run, () => {});
}
