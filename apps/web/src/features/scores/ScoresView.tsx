import {
  PRODUCT_DISPLAY_NAMES,
  SUMMARY,
  isProductKey,
  isSelectedProductValid,
  type AssessmentResponse,
  type ProductKey,
  type SelectedProductValue,
} from '@zview/contracts';
import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';
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

// Only product pages with no property selected show it.
const ProductOverview = lazy(() =>
  import('./components/ProductOverview').then((m) => ({ default: m.ProductOverview })),
);

export const LOOK_BACK_FEATURE = 'zproperty-historical_look_back';

/** A clean one-property report on paper: no top bar, search or controls; one column. */
const PRINT_STYLES = (
  <GlobalStyles
    styles={{
      '@media print': {
        'header, [data-print="hide"], [role="presentation"].MuiSnackbar-root': { display: 'none !important' },
        body: { background: '#fff !important', minWidth: '0 !important' },
        '[data-print="columns"]': { display: 'block !important' },
        '[data-print="columns"] > *': { marginBottom: '16px' },
        '@page': { margin: '12mm' },
      },
    }}
  />
);

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
    <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
      {PRINT_STYLES}
      <Box
        data-print="hide"
        sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider', px: 4, pt: 2.5 }}
      >
        <Box sx={{ maxWidth: 1360, mx: 'auto' }}>
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
              sx={{ mt: 1.5, minHeight: 42, '& .MuiTab-root': { minHeight: 42, fontWeight: 700, letterSpacing: 0.4 } }}
            />
          )}
        </Box>
      </Box>
      <Box sx={{ px: 4, py: 3, flex: 1 }}>
        <Box sx={{ maxWidth: 1360, mx: 'auto' }}>
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
        </Box>
      </Box>
    </Box>
  );
}
