import { formatLongDate, type AssessmentResponse, type ProductKey } from '@zview/contracts';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { AppealButton } from '../../appeals';
import { productName, productSections } from '../model';
import { ScoreCard } from './ScoreCard';

export interface ScoreCardSectionsProps {
  products: ProductKey[];
  assessment: AssessmentResponse;
  /** The look-back's answer and date: each card shows the score then beside the score now. */
  compare: { date: string; data: AssessmentResponse | undefined } | null;
  /** The lookup's query string, carried to each product's detail page. */
  query: string;
  /** Where a card links to the filings of its model in the property's state (zorro users), if anywhere. */
  filingsTo: (product: string) => { state: string; to: string } | undefined;
}

/** The summary's score cards, two to a row; the weather products (SPEC §9) together under one heading. */
export function ScoreCardSections({ products, assessment, compare, query, filingsTo }: ScoreCardSectionsProps) {
  return (
    <Stack spacing={2} data-testid="score-cards">
      {productSections(products).map((section) => {
        const cards = (
          <Box
            data-testid="score-card-row"
            sx={{
              display: 'grid',
              gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
              gap: 2,
              // A card without a partner (a lone product, the third of a group) takes the whole row.
              '& > :last-child:nth-of-type(odd)': { gridColumn: '1 / -1' },
            }}
          >
            {section.products.map((product) => (
              <ScoreCard
                key={product}
                result={assessment.products[product]!}
                detailsTo={`/scores/${product}${query}`}
                previous={compare?.data?.products[product]}
                previousLabel={compare ? `As of ${formatLongDate(compare.date)}` : undefined}
                actions={
                  <AppealButton
                    product={product}
                    result={assessment.products[product]!}
                    location={assessment.location}
                  />
                }
                filingsTo={filingsTo(product)}
              />
            ))}
          </Box>
        );
        return section.group === 'weather' ? (
          <WeatherGroup key="weather" products={section.products}>
            {cards}
          </WeatherGroup>
        ) : (
          <Box key={section.products[0]}>{cards}</Box>
        );
      })}
    </Stack>
  );
}

/** The hail, wind and storm products form a group (SPEC §9): shown together under one heading. */
function WeatherGroup({ products, children }: { products: readonly string[]; children: ReactNode }) {
  return (
    <Box
      component="section"
      aria-label="Weather products"
      data-testid="weather-group"
      sx={{ p: 1.5, pt: 0.5, borderRadius: 2, border: 1, borderColor: 'divider', bgcolor: 'rgba(25, 118, 210, 0.04)' }}
    >
      <Typography
        variant="overline"
        color="text.secondary"
        component="h3"
        sx={{ display: 'block', mb: 0.5, fontWeight: 700 }}
      >
        Weather · {products.map(productName).join(', ')}
      </Typography>
      {children}
    </Box>
  );
}
