import { PRODUCT_DISPLAY_NAMES, SUMMARY, formatLongDate, hasZorroAccess, isProductKey, isSelectedProductValid, type AssessmentResponse, type ProductKey, type SelectedProductValue } from '@zview/contracts';
import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import Skeleton from '@mui/material/Skeleton';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useCallback, useEffect, useMemo } from 'react';
import { PERFORMANCE_MARKS, usePerformanceMark } from '../../ui/performanceMarks';
import { useNavigate } from 'react-router';
import { useSession } from '../../session/session';
import { AppealButton } from '../appeals';
import { track } from '../../api/analytics';
import { useAssessment } from './api/assessment';
import { BuildingPermitsPanel, IbhsPanel } from './components/LocationRecords';
import { LocationHazardsPanel } from './components/LocationHazardsPanel';
import { LookBackPanel } from './components/LookBackPanel';
import { LookBackSelect } from './components/LookBackSelect';
import { ProductDetail } from './components/ProductDetail';
import { PropertyHeader } from './components/PropertyHeader';
import { EmptySearch, ResultError, ResultSkeleton } from './components/ResultStates';
import { ProductOverview } from './components/ProductOverview';
import { ScoreCard } from './components/ScoreCard';
import { SearchBar } from './components/SearchBar';
import type * as ImageryPanelModule from './components/PropertyImageryPanel';

import { displayedProducts, lookBackImagery, productName, productSections, requestedProducts } from './model';
import { toAssessmentRequest, usePropertySearch } from './searchState';

// The map arrives with the first result, not with the search page (initial JavaScript budget).
let imageryPanelModule: typeof ImageryPanelModule | null = null;
const loadImageryPanel = () => import('./components/PropertyImageryPanel').then((module) => (imageryPanelModule = module));
const LazyImageryPanel = lazy(() => loadImageryPanel().then((m) => ({ default: m.PropertyImageryPanel })));

/**
 * Runs `run` with the imagery panel's module: at once when it is loaded (an import() of it would
 * resolve only after the work already queued, such as rendering the scores), else when it is.
 */
function withImageryPanel(run: (panel: typeof ImageryPanelModule) => void): void {
  if (imageryPanelModule) run(imageryPanelModule);
  else loadImageryPanel().then(run, () => {});
}

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
  const preloadMap = useCallback(() => withImageryPanel((panel) => panel.preloadMap(queryClient)), [queryClient]);
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
  const prefetchMapImagery = useCallback((answer: AssessmentResponse) => withImageryPanel((panel) => panel.prefetchMapImagery(queryClient, answer)), [queryClient]);
  const assessment = useAssessment(request, { onAnswer: prefetchMapImagery });
  const then = useAssessment(compareRequest);
  const navigate = useNavigate();

  const tabs: SelectedProductValue[] = [...(isSelectedProductValid(SUMMARY, enabledFeatures) ? [SUMMARY] : []), ...(products as ProductKey[])];
  const query = searchString ? `?${searchString}` : '';

  return (
    <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
      {PRINT_STYLES}
      <Box data-print="hide" sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider', px: 4, pt: 2.5 }}>
        <Box sx={{ maxWidth: 1360, mx: 'auto' }}>
          <SearchBar initial={search} onSearch={setSearch} onTyping={preloadMap} />
          {tabs.length > 0 && selection && (
            <Tabs
              value={tabs.includes(selection) ? selection : false}
              onChange={(_event, value: SelectedProductValue) => (onSelect ? onSelect(value) : void navigate(`/scores/${value}${query}`))}
              aria-label="Products"
              variant="scrollable"
              sx={{ mt: 1.5, minHeight: 42, '& .MuiTab-root': { minHeight: 42, fontWeight: 700, letterSpacing: 0.4 } }}
            >
              {tabs.map((value) => (
                <Tab key={value} value={value} label={value === SUMMARY ? 'Summary' : PRODUCT_DISPLAY_NAMES[value]} />
              ))}
            </Tabs>
          )}
        </Box>
      </Box>
      <Box sx={{ px: 4, py: 3, flex: 1 }}>
        <Box sx={{ maxWidth: 1360, mx: 'auto' }}>
          {!request ? (
            productPage && selection && selection !== SUMMARY && isProductKey(selection) ? (
              <ProductOverview product={selection} />
            ) : (
              <EmptySearch productNames={products.map(productName)} />
            )
          ) : assessment.isPending ? (
            <ResultSkeleton cards={selection === SUMMARY ? Math.min(4, products.length) : 1} />
          ) : assessment.isError ? (
            <ResultError error={assessment.error} onRetry={() => void assessment.refetch()} retrying={assessment.isFetching} />
          ) : (
            <Stack spacing={2.5}>
              <PropertyHeader
                assessment={assessment.data}
                actions={
                  lookBackEnabled && (
                    <LookBackSelect availableDates={assessment.data.availableDates} currentDate={assessment.data.asOf} value={compareDate}
                      onChange={(date) => {
                        // Back from a look-back date to today's data.
                        if (date === null && compareDate) track('view_latest_data', { from_date: compareDate, property_id: assessment.data.location.propertyId });
                        setCompareDate(date);
                      }}
                    />
                  )
                }
              />
              <PropertyBody
                selection={selection}
                enabledFeatures={enabledFeatures}
                assessment={assessment.data}
                compare={compareRequest ? { date: compareRequest.asOf!, data: then.data, isPending: then.isPending, error: then.error } : null}
                query={query}
                onLocationPinChange={onLocationPinChange}
              />
            </Stack>
          )}
        </Box>
      </Box>
    </Box>
  );
}

interface PropertyBodyProps {
  selection: SelectedProductValue | null;
  enabledFeatures: string[];
  assessment: NonNullable<ReturnType<typeof useAssessment>['data']>;
  compare: { date: string; data: ReturnType<typeof useAssessment>['data']; isPending: boolean; error: unknown } | null;
  query: string;
  onLocationPinChange: (pin: { lng: number; lat: number }) => void;
}

function PropertyBody({ selection, enabledFeatures, assessment, compare, query, onLocationPinChange }: PropertyBodyProps) {
  usePerformanceMark(PERFORMANCE_MARKS.scoresShown, assessment);
  // The panel's code loads while the lookup is in flight. Once it is here the panel renders with
  // the scores: the lazy component would suspend for a tick, and React holds back what a
  // suspense boundary reveals until 300 ms after its fallback (the map would start that late).
  const ImageryPanel = imageryPanelModule?.PropertyImageryPanel ?? LazyImageryPanel;
  const shown = displayedProducts(enabledFeatures, assessment.products);
  const location = assessment.location.propertyId ? assessment.location.address?.formatted ?? assessment.location.input : assessment.location.input;
  const focus = selection && selection !== SUMMARY ? selection : null;
  const focusResult = focus ? assessment.products[focus] : undefined;
  // During a look-back the map shows the chosen capture (and before/after of then against now).
  const thenData = compare?.data;
  const shownImagery = useMemo(() => (thenData ? { ...assessment, imagery: lookBackImagery(assessment, thenData) } : assessment), [assessment, thenData]);
  const { permissions } = useSession();
  const filingState = hasZorroAccess(permissions) ? assessment.location.address?.state : undefined;
  const filingsTo = (product: string) =>
    filingState ? { state: filingState, to: `/zorro/filing-finder?${new URLSearchParams({ state: filingState, model: productName(product) })}` } : undefined;

  return (
    <Box data-print="columns" sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 7fr) minmax(0, 5fr)', gap: 2.5, alignItems: 'start' }}>
      <Stack spacing={2.5} sx={{ minWidth: 0 }}>
        {compare && <LookBackPanel products={focus ? shown.filter((p) => p === focus) : shown} today={assessment} then={compare.data} thenDate={compare.date} isPending={compare.isPending} error={compare.error} />}
        {assessment.locationHazards ? (
          // No building here: the hazards of the location; the products need a structure.
          <LocationHazardsPanel hazards={assessment.locationHazards} />
        ) : focus ? (
          focusResult ? (
            <ProductDetail result={focusResult} imageryDate={assessment.asOf} actions={<AppealButton product={focus} result={focusResult} location={assessment.location} />} />
          ) : (
            <Typography color="text.secondary" data-testid="product-missing">
              {productName(focus)} has no score for this property.
            </Typography>
          )
        ) : shown.length === 0 ? (
          <Typography color="text.secondary" data-testid="no-products">
            None of your organisation's products could be scored for this property.
          </Typography>
        ) : (
          <Stack spacing={2} data-testid="score-cards">
            {productSections(shown).map((section) => {
              const cards = (
                <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 2 }}>
                  {section.products.map((product) => (
                    <ScoreCard
                      key={product}
                      result={assessment.products[product]!}
                      detailsTo={`/scores/${product}${query}`}
                      previous={compare?.data?.products[product]}
                      previousLabel={compare ? `As of ${formatLongDate(compare.date)}` : undefined}
                      actions={<AppealButton product={product} result={assessment.products[product]!} location={assessment.location} />}
                      filingsTo={filingsTo(product)}
                    />
                  ))}
                </Box>
              );
              // The hail, wind and storm products form a group (SPEC §9): shown together under one heading.
              return section.group === 'weather' ? (
                <Box key="weather" component="section" aria-label="Weather products" data-testid="weather-group" sx={{ p: 1.5, pt: 0.5, borderRadius: 2, border: 1, borderColor: 'divider', bgcolor: 'rgba(25, 118, 210, 0.04)' }}>
                  <Typography variant="overline" color="text.secondary" component="h3" sx={{ display: 'block', mb: 0.5, fontWeight: 700 }}>
                    Weather · {section.products.map(productName).join(', ')}
                  </Typography>
                  {cards}
                </Box>
              ) : (
                <Box key={section.products[0]}>{cards}</Box>
              );
            })}
          </Stack>
        )}
      </Stack>
      <Stack spacing={2.5} sx={{ minWidth: 0, position: 'sticky', top: 16, '@media print': { position: 'static' } }}>
        <Suspense fallback={<Skeleton variant="rounded" height={420} data-testid="imagery-skeleton" />}>
          <ImageryPanel assessment={shownImagery} onLocationPinChange={onLocationPinChange} showOblique={enabledFeatures.includes('oblique-imagery')} />
        </Suspense>
        {enabledFeatures.includes('building_permits') && <BuildingPermitsPanel location={location} />}
        {enabledFeatures.includes('ibhs') && <IbhsPanel location={location} />}
      </Stack>
    </Box>
  );
}
