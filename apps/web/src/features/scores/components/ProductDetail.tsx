import { SCORE_MAX, SCORE_MIN, formatLongDate, type ScoreResult } from '@zview/contracts';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { InfoIcon } from '../../../ui/InfoIcon';
import { capitalize, factorsByImpact, formatFactorValue, productName, scaleLimitOf, stalenessNote } from '../model';
import { FactorTable } from './FactorList';
import { ConfidenceLine, RiskChip, ScoreNumber } from './ScoreBadge';
import { WaterfallChart } from './WaterfallChart';

export function Section({
  title,
  info,
  children,
  testId,
}: {
  title: string;
  info?: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={title}
      data-testid={testId}
      sx={{ p: 2.5, breakInside: 'avoid' }}
    >
      <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', mb: 1.5 }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {info && <InfoIcon text={info} />}
      </Stack>
      {children}
    </Paper>
  );
}

function Meta({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Box>
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ display: 'block', textTransform: 'uppercase', letterSpacing: 0.5, fontWeight: 600 }}
      >
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {value}
      </Typography>
    </Box>
  );
}

const EVIDENCE_LABELS = {
  permit: 'Building permit',
  imagery: 'Imagery',
  record: 'Public record',
  year_built: 'Year built',
} as const;

export function RoofAgePanel({ result }: { result: ScoreResult }) {
  const roof = result.roofAge;
  if (!roof) return null;
  return (
    <Section
      title="Roof age"
      info="The estimated year the current roof covering was installed, and the evidence behind it."
      testId="roof-age"
    >
      <Stack direction="row" spacing={5} sx={{ mb: 2 }}>
        <Meta label="Estimated install year" value={<span data-testid="roof-install-year">{roof.installYear}</span>} />
        <Meta label="Roof age" value={`${roof.ageYears} ${roof.ageYears === 1 ? 'year' : 'years'}`} />
      </Stack>
      <Table size="small" aria-label="Roof age evidence">
        <TableHead>
          <TableRow>
            <TableCell>Evidence</TableCell>
            <TableCell>Year</TableCell>
            <TableCell>Details</TableCell>
            <TableCell>Reference</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {roof.evidence.map((item, index) => (
            <TableRow key={index}>
              <TableCell sx={{ fontWeight: 600 }}>{EVIDENCE_LABELS[item.source]}</TableCell>
              <TableCell>{item.year}</TableCell>
              <TableCell>{item.description}</TableCell>
              <TableCell sx={{ color: 'text.secondary' }}>{item.reference ?? '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Section>
  );
}

const CONDITION_COLORS = { good: 'success', fair: 'warning', poor: 'error' } as const;

export function AttributesPanel({ result }: { result: ScoreResult }) {
  if (!result.attributes && !result.condition) return null;
  return (
    <Section
      title="Property attributes"
      info="Attributes detected from the imagery, per building (A is the primary structure)."
      testId="attributes"
    >
      {result.condition && (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            Condition
          </Typography>
          <Chip
            label={`${capitalize(result.condition.label)} · ${result.condition.score.toFixed(1)} / 10`}
            color={CONDITION_COLORS[result.condition.label]}
            size="small"
            sx={{ fontWeight: 700 }}
            data-testid="condition"
          />
        </Stack>
      )}
      {result.attributes && (
        <Table size="small" aria-label="Attributes">
          <TableHead>
            <TableRow>
              <TableCell>Attribute</TableCell>
              <TableCell>Value</TableCell>
              <TableCell>Building</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {result.attributes.map((attribute) => (
              <TableRow key={`${attribute.key}-${attribute.building ?? 'parcel'}`}>
                <TableCell sx={{ fontWeight: 600 }}>{attribute.name}</TableCell>
                <TableCell>{formatFactorValue(attribute.value, attribute.unit, attribute.key)}</TableCell>
                <TableCell sx={{ color: 'text.secondary' }}>{attribute.building ?? 'Parcel'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Section>
  );
}

export interface ProductDetailProps {
  result: ScoreResult;
  /** The imagery date the scores rest on (YYYY-MM-DD). */
  imageryDate: string;
  today?: Date;
  /** Extra controls under the score (the Appeal button of features/appeals). */
  actions?: ReactNode;
  /** Shown after the factors: "What would lower this score" (WhatIfPanel). */
  mitigations?: ReactNode;
}

/** One product in depth: score, risk, confidence, model version, imagery date, every factor and the waterfall. */
export function ProductDetail({ result, imageryDate, today, actions, mitigations }: ProductDetailProps) {
  const stale = stalenessNote(imageryDate, today);
  const name = productName(result.product);
  return (
    <Stack spacing={2} data-testid="product-detail">
      <Paper variant="outlined" component="section" aria-label={`${name} score`} sx={{ p: 2.5 }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
          <Stack spacing={1}>
            <Typography
              variant="overline"
              component="h2"
              sx={{ fontSize: 14, fontWeight: 800, letterSpacing: 1.2, lineHeight: 1.4 }}
              data-testid="product-name"
            >
              {name}
            </Typography>
            {result.riskLevel === 'none' ? (
              <Typography color="text.secondary">
                {result.unavailableReason ?? 'This product could not be scored for this property.'}
              </Typography>
            ) : (
              <>
                <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                  <ScoreNumber result={result} />
                  <RiskChip level={result.riskLevel} size="medium" />
                </Stack>
                <ConfidenceLine result={result} />
              </>
            )}
            {actions}
          </Stack>
          <Stack direction="row" spacing={3}>
            <Meta label="Base score" value={result.baseScore.toFixed(1)} />
            <Meta label="Model version" value={<span data-testid="model-version">{result.modelVersion}</span>} />
            <Meta label="Imagery date" value={<span data-testid="imagery-date">{formatLongDate(imageryDate)}</span>} />
          </Stack>
        </Stack>
        {stale && (
          <Alert
            severity="warning"
            icon={<WarningAmberOutlined fontSize="inherit" />}
            sx={{ mt: 2 }}
            data-testid="staleness-note"
          >
            {stale}
          </Alert>
        )}
      </Paper>
      {result.riskLevel !== 'none' && result.factors.length > 0 && (
        <>
          <Section
            title="How the score is built"
            info="Starting from the score of a property with neutral features, each factor adds (red) or removes (green) points."
          >
            <WaterfallChart result={result} />
          </Section>
          <Section
            title="Factors"
            info="Every input the model used, what was observed and how many points it contributed."
          >
            <FactorTable factors={factorsByImpact(result.factors)} />
            {scaleLimitOf(result.factors) && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="scale-limit-note">
                The factors add up to {formatFactorValue(scaleLimitOf(result.factors)!.value, null)}; scores are bounded
                to {SCORE_MIN}–{SCORE_MAX}.
              </Typography>
            )}
          </Section>
        </>
      )}
      {result.riskLevel !== 'none' && mitigations}
      <RoofAgePanel result={result} />
      <AttributesPanel result={result} />
    </Stack>
  );
}
