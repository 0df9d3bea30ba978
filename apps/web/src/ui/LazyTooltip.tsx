import type { TooltipProps } from '@mui/material/Tooltip';
import { deferredComponent } from './deferred';

/**
 * MUI's Tooltip (and the Popper it brings) once the first page has shown: until then the child
 * shows without its hover text, which nobody can ask for in that first moment (issue 45).
 */
export const LazyTooltip = deferredComponent<TooltipProps>(
  () => import('@mui/material/Tooltip').then((module) => module.default),
  { placeholder: ({ children }) => children },
);
