import { lazy } from 'react';
import type * as ImageryPanelModule from './components/PropertyImageryPanel';
import type * as PropertyBodyModule from './PropertyBody';

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

// The result (score cards, product detail, look-back, hazards) arrives with the first search too.
let propertyBodyModule: typeof PropertyBodyModule | null = null;
export const loadPropertyBody = () => import('./PropertyBody').then((module) => (propertyBodyModule = module));
export const LazyPropertyBody = lazy(() => loadPropertyBody().then((m) => ({ default: m.PropertyBody })));
export const loadedPropertyBody = () => propertyBodyModule;
