import { lazy } from 'react';
import type * as PropertyResultModule from './PropertyResult';

// The result (header, score cards, product detail, look-back, hazards) arrives with the first
// search too. (Apart from lazyImageryPanel.ts, which PropertyBody itself imports: no import
// circle, not even a type-only one.)
let propertyResultModule: typeof PropertyResultModule | null = null;
export const loadPropertyBody = () => import('./PropertyResult').then((module) => (propertyResultModule = module));
export const LazyPropertyResult = lazy(() => loadPropertyBody().then((m) => ({ default: m.PropertyResult })));
export const loadedPropertyResult = () => propertyResultModule;
