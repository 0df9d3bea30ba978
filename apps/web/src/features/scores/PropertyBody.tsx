import { SUMMARY, hasZorroAccess, type SelectedProductValue } from '@zview/contracts';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense, useMemo } from 'react';
import { PERFORMANCE_MARKS, usePerformanceMark } from '../../ui/performanceMarks';
import { useSession } from '../../session/session';
import { AppealButton } from '../appeals';
import type { useAssessment } from './api/assessment';
import { BuildingPermitsPanel, IbhsPanel } from './components/LocationRecords';
import { LocationHazardsPanel } from './components/LocationHazardsPanel';
import { LookBackPanel } from './components/LookBackPanel';
import { NoticeButton } from './components/DocumentButtons';
import { ProductDetail } from './components/ProductDetail';
import { ScoreCardSections } from './components/ScoreCardSections';
import { WhatIfPanel } from './components/WhatIfPanel';
import { LazyImageryPanel, loadedImageryPanel } from './lazyImageryPanel';
import { displayedProducts, lookBackImagery, productName } from './model';

export interface PropertyBodyProps {
  selection: SelectedProductValue | null;
  enabledFeatures: string[];
  assessment: NonNullable<ReturnType<typeof useAssessment>['data']>;
  compare: { date: string; data: ReturnType<typeof useAssessment>['data']; isPending: boolean; error: unknown } | null;
  query: string;
  onLocationPinChange: (pin: { lng: number; lat: number }) => void;
}

/** The looked-up property: scores (or one product, or the location's hazards) on the left; imagery, permits and IBHS on the right. */
export function PropertyBody({
  selection,
  enabledFeatures,
  assessment,
  compare,
  query,
  onLocationPinChange,
}: PropertyBodyProps) {
  usePerformanceMark(PERFORMANCE_MARKS.scoresShown, assessment);
  // The panel's code loads while the lookup is in flight. Once it is here the panel renders with
  // the scores: the lazy component would suspend for a tick, and React holds back what a
  // suspense boundary reveals until 300 ms after its fallback (the map would start that late).
  const ImageryPanel = loadedImageryPanel()?.PropertyImageryPanel ?? LazyImageryPanel;
  const shown = displayedProducts(enabledFeatures, assessment.products);
  const location = assessment.location.propertyId
    ? (assessment.location.address?.formatted ?? assessment.location.input)
    : assessment.location.input;
  const focus = selection && selection !== SUMMARY ? selection : null;
  const focusResult = focus ? assessment.products[focus] : undefined;
  // During a look-back the map shows the chosen capture (and before/after of then against now).
  const thenData = compare?.data;
  const shownImagery = useMemo(
    () => (thenData ? { ...assessment, imagery: lookBackImagery(assessment, thenData) } : assessment),
    [assessment, thenData],
  );
  const { permissions } = useSession();
  const filingState = hasZorroAccess(permissions) ? assessment.location.address?.state : undefined;
  const filingsTo = (product: string) =>
    filingState
      ? {
          state: filingState,
          to: `/zorro/filing-finder?${new URLSearchParams({ state: filingState, model: productName(product) })}`,
        }
      : undefined;

  return (
    <Box
      data-print="columns"
      sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 7fr) minmax(0, 5fr)', gap: 2.5, alignItems: 'start' }}
    >
      <Stack spacing={2.5} sx={{ minWidth: 0 }}>
        {compare && (
          <LookBackPanel
            products={focus ? shown.filter((p) => p === focus) : shown}
            today={assessment}
            then={compare.data}
            thenDate={compare.date}
            isPending={compare.isPending}
            error={compare.error}
          />
        )}
        {assessment.locationHazards ? (
          // No building here: the hazards of the location; the products need a structure.
          <LocationHazardsPanel hazards={assessment.locationHazards} />
        ) : focus ? (
          focusResult ? (
            <ProductDetail
              result={focusResult}
              imageryDate={assessment.asOf}
              actions={
                <Stack direction="row" spacing={1} alignItems="center">
                  {assessment.location.propertyId && !compare && (
                    <NoticeButton propertyId={assessment.location.propertyId} address={location} product={focus} />
                  )}
                  <AppealButton product={focus} result={focusResult} location={assessment.location} />
                </Stack>
              }
              mitigations={
                assessment.location.propertyId && !compare ? (
                  <WhatIfPanel propertyId={assessment.location.propertyId} product={focus} />
                ) : undefined
              }
            />
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
          <ScoreCardSections
            products={shown}
            assessment={assessment}
            compare={compare}
            query={query}
            filingsTo={filingsTo}
          />
        )}
      </Stack>
      <Stack spacing={2.5} sx={{ minWidth: 0, position: 'sticky', top: 16, '@media print': { position: 'static' } }}>
        <Suspense fallback={<Skeleton variant="rounded" height={420} data-testid="imagery-skeleton" />}>
          <ImageryPanel
            assessment={shownImagery}
            onLocationPinChange={onLocationPinChange}
            showOblique={enabledFeatures.includes('oblique-imagery')}
          />
        </Suspense>
        {assessment.mock ? (
          // A mock answer is a fixture, not a place: records looked up near its point would belong to someone else.
          (enabledFeatures.includes('building_permits') || enabledFeatures.includes('ibhs')) && (
            <Typography variant="body2" color="text.secondary" data-testid="mock-records-note">
              Mock answer ({assessment.mock.name}): building permits and IBHS records are not looked up.
            </Typography>
          )
        ) : (
          <>
            {enabledFeatures.includes('building_permits') && <BuildingPermitsPanel location={location} />}
            {enabledFeatures.includes('ibhs') && <IbhsPanel location={location} />}
          </>
        )}
      </Stack>
    </Box>
  );
}
