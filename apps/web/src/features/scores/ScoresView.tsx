import {
  PRODUCT_DISPLAY_NAMES,
  SUMMARY,
  isProductKey,
  isSelectedProductValid,
  type AssessmentResponse,
  type ProductKey,
  type SelectedProductValue,
} from '@zview/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useCallback, useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../session/session';
import { useAssessment } from './api/assessment';
import { EmptySearch, ResultError, ResultSkeleton } from './components/ResultStates';
import { SearchBar } from './components/SearchBar';
import { withImageryPanel } from './lazyImageryPanel';
import { LazyPropertyResult, loadPropertyBody, loadedPropertyResult } from './lazyPropertyBody';

import { productName, requestedProducts } from './model';
import { toAssessmentRequest, usePropertySearch } from './searchState';
import { TabBar } from '../../ui/TabBar';
import { withMuiScope } from '../../ui/mui-scope';

// Only product pages with no property selected show it (drawn with MUI, in its theme).
const loadProductOverview = withMuiScope(() => import('./components/ProductOverview').then((m) => m.ProductOverview));
const ProductOverview = lazy(() => loadProductOverview().then((component) => ({ default: component })));

export const LOOK_BACK_FEATURE = 'zproperty-historical_look_back';

export interface ScoresViewProps {
  /** What to show: 'summary' (every enabled product) or one product in depth. */
  selection: SelectedProductValue | null;
  /** Product tabs: choosing one navigates here. */
  onSelect?: (value: SelectedProductValue) => void;
  /** A product page (/zfire…): with no property looked up it describes the product instead of inviting a search. */
  productPage?: boolean;
}

/**
 * The property view: search at the top; the resolved property; score cards (or one product in
 * depth) on the left; imagery, permits and IBHS on the right. Shared by home, /scores and the
 * product pages.
 */
export function ScoresView({ selection, onSelect, productPage = false }: ScoresViewProps) {
  const { enabledFeatures } = useSession();
  const { search, setSearch, compareDate, setCompareDate, onLocationPinChange, searchString } = usePropertySearch();
  const products = useMemo(() => requestedProducts(enabledFeatures), [enabledFeatures]);
  const lookBackEnabled = enabledFeatures.includes(LOOK_BACK_FEATURE);
  // The imagery panel and maplibre download (and maplibre's worker starts) as soon as someone
  // types a search or one is given, not after the scores are shown: the first map frame follows
  // the scores sooner.
  const queryClient = useQueryClient();
  const preloadMap = useCallback(() => {
    withImageryPanel((panel) => panel.preloadMap(queryClient));
    loadPropertyBody().catch(() => {});
  }, [queryClient]);
  useEffect(() => {
    if (search) preloadMap();
  }, [search, preloadMap]);
  const request = useMemo(() => toAssessmentRequest(search, products), [search, products]);
  const compareRequest = useMemo(
    () => (lookBackEnabled && compareDate ? toAssessmentRequest(search, products, compareDate) : null),
    [lookBackEnabled, compareDate, search, products],
  );
  // As soon as the property is known (before its scores are rendered), the server starts on the
  // map's first images (where the map opens: on the buildings).
  const prefetchMapImagery = useCallback(
    (answer: AssessmentResponse) => withImageryPanel((panel) => panel.prefetchMapImagery(queryClient, answer)),
    [queryClient],
  );
  const assessment = useAssessment(request, { onAnswer: prefetchMapImagery });
  const then = useAssessment(compareRequest);
  const navigate = useNavigate();
  // Rendered with the scores once its module is here (no suspense round), like the imagery panel.
  const Result = loadedPropertyResult()?.PropertyResult ?? LazyPropertyResult;

  const tabs: SelectedProductValue[] = [
    ...(isSelectedProductValid(SUMMARY, enabledFeatures) ? [SUMMARY] : []),
    ...(products as ProductKey[]),
  ];
  const query = searchString ? `?${searchString}` : '';

  return (
    // Drawn without MUI (issue 45: the home page does not wait for it); the print rules are in the
    // first screens' stylesheet (ui/plain/first-screens.css).
    <div className="zv-scores">
      <div data-print="hide" className="zv-search-panel">
        <div className="zv-page-width">
          <SearchBar initial={search} onSearch={setSearch} onTyping={preloadMap} />
          {tabs.length > 0 && selection && (
            <TabBar
              value={tabs.includes(selection) ? selection : false}
              items={tabs.map((value) => ({
                value,
                label: value === SUMMARY ? 'Summary' : PRODUCT_DISPLAY_NAMES[value],
              }))}
              onChange={(value) => (onSelect ? onSelect(value) : void navigate(`/scores/${value}${query}`))}
              aria-label="Products"
            />
          )}
        </div>
      </div>
      <div className="zv-result-area">
        <div className="zv-page-width">
          {!request ? (
            productPage && selection && selection !== SUMMARY && isProductKey(selection) ? (
              <Suspense fallback={<ResultSkeleton cards={1} />}>
                <ProductOverview product={selection} />
              </Suspense>
            ) : (
              <EmptySearch productNames={products.map(productName)} />
            )
          ) : assessment.isPending ? (
            <ResultSkeleton cards={selection === SUMMARY ? Math.min(4, products.length) : 1} />
          ) : assessment.isError ? (
            <ResultError
              error={assessment.error}
              onRetry={() => void assessment.refetch()}
              retrying={assessment.isFetching}
            />
          ) : (
            <Suspense fallback={<ResultSkeleton cards={selection === SUMMARY ? Math.min(4, products.length) : 1} />}>
              <Result
                lookBackEnabled={lookBackEnabled}
                compareDate={compareDate}
                setCompareDate={setCompareDate}
                selection={selection}
                enabledFeatures={enabledFeatures}
                assessment={assessment.data}
                compare={
                  compareRequest
                    ? { date: compareRequest.asOf!, data: then.data, isPending: then.isPending, error: then.error }
                    : null
                }
                query={query}
                onLocationPinChange={onLocationPinChange}
              />
            </Suspense>
          )}
        </div>
      </div>
    </div>
  );
}
