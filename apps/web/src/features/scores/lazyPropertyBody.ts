import { lazy } from 'react';
import type * as PropertyBodyModule from './PropertyBody';

// The result (score cards, product detail, look-back, hazards) arrives with the first search too.
// (Apart from lazyImageryPanel.ts, which PropertyBody itself imports: no import circle, not even a
// type-only one.)
let propertyBodyModule: typeof PropertyBodyModule | null = null;
export const loadPropertyBody = () => import('./PropertyBody').then((module) => (propertyBodyModule = module));
export const LazyPropertyBody = lazy(() => loadPropertyBody().then((m) => ({ default: m.PropertyBody })));
export const loadedPropertyBody = () => propertyBodyModule;
