import { Link as RouterLink } from 'react-router';
import { deferredComponent } from '../../../ui/deferred';
import { Icon } from '../../../ui/plain/icons';
import type { ResultErrorProps } from './ResultError';

/** Skeletons in the shape of the result: header, cards on the left, imagery on the right (MUI's Skeleton, drawn without MUI). */
export function ResultSkeleton({ cards }: { cards: number }) {
  return (
    <div className="zv-skeleton-layout" data-testid="result-skeleton" aria-busy="true" aria-label="Loading scores">
      <div className="zv-skeleton-title">
        <span className="zv-skeleton zv-skeleton-text" style={{ width: 420, height: 36 }} />
        <span className="zv-skeleton zv-skeleton-text" style={{ width: 520 }} />
      </div>
      <div className="zv-skeleton-columns">
        <div className="zv-skeleton-cards">
          {Array.from({ length: Math.max(1, cards) }, (_, i) => (
            <span key={i} className="zv-skeleton" style={{ height: 250 }} />
          ))}
        </div>
        <span className="zv-skeleton" style={{ height: 430 }} />
      </div>
    </div>
  );
}

/**
 * A failed lookup (ResultError.tsx): drawn with MUI, so loaded when a lookup fails, not with the
 * home page (issue 45).
 */
export const ResultError = deferredComponent<ResultErrorProps>(
  () => import('./ResultError').then((module) => module.ResultError),
  { start: 'mounted' },
);

/** The home page before a search: drawn without MUI (issue 45), as MUI's outlined Paper and Typography drew it. */
export function EmptySearch({ productNames }: { productNames: string[] }) {
  return (
    <div className="zv-paper-outlined zv-empty-search" data-testid="empty-search">
      <div className="zv-empty-search-mark">
        <Icon name="travelExploreOutlined" />
      </div>
      <h1 className="zv-h5">Look up a property</h1>
      <p className="zv-body1 zv-text-secondary" style={{ maxWidth: 560 }}>
        Search by address, or switch to coordinates and enter latitude and longitude, to see risk scores, the factors
        behind them and the latest imagery.
      </p>
      {productNames.length > 0 && (
        <p className="zv-body2 zv-text-secondary">
          Your organisation has: <b>{productNames.join(', ')}</b>
        </p>
      )}
      <RouterLink to="/dashboard/recent" className="zv-link">
        Recent lookups
      </RouterLink>
    </div>
  );
}
