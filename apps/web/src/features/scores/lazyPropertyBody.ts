import { lazy, type ComponentProps, type ComponentType } from 'react';
import { withMuiScope } from '../../ui/mui-scope';
import type * as PropertyResultModule from './PropertyResult';

type PropertyResultProps = ComponentProps<typeof PropertyResultModule.PropertyResult>;

// The result (header, score cards, product detail, look-back, hazards) arrives with the first
// search too, in MUI's theme (the home page above it is drawn without MUI, issue 45). (Apart from
// lazyImageryPanel.ts, which PropertyBody itself imports: no import circle, not even a type-only one.)
let themedResult: { PropertyResult: ComponentType<PropertyResultProps> } | null = null;
const loadThemedResult = withMuiScope(() => import('./PropertyResult').then((module) => module.PropertyResult));
export const loadPropertyBody = () => loadThemedResult().then((PropertyResult) => (themedResult = { PropertyResult }));
export const LazyPropertyResult = lazy(() => loadPropertyBody().then((m) => ({ default: m.PropertyResult })));
export const loadedPropertyResult = () => themedResult;
