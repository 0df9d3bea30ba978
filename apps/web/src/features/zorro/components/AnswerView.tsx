import { formatLongDate, type ZorroAnswer } from '@zview/contracts';
import Replay from '@mui/icons-material/Replay';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { track } from '../../../api/analytics';
import { finderLink } from '../filters';
import { formatChange } from './format';
import { Highlight } from './Highlight';

const citationLink = (answer: ZorroAnswer, n: number) => {
  const c = answer.citations.find((x) => x.n === n)!;
  return finderLink({}, { filing: String(c.filingId), doc: String(c.documentId), page_no: String(c.page) });
};

/** One explorer answer: its sentences with their citations (each a link to filing and page), figures, sources, suggestions. */
/**
 * The figures as chips, said as the sentences say them (days in long form, a cut with a real minus
 * sign): one filing is not "1 filings", a single
 * rate change is not a median nor a range "+18.3% to +18.3%", and when some filings state no rate
 * change the chips say how many do.
 */
function FigureChips({ figures: f }: { figures: ZorroAnswer['figures'] }) {
  const withChange = f.rateChangeCount ?? f.count;
  const one = (n: number) => (n === 1 ? '' : 's');
  return (
    <>
      <Chip size="small" label={`${f.count.toLocaleString('en-US')} filing${one(f.count)}`} />
      {withChange < f.count && <Chip size="small" label={`${withChange.toLocaleString('en-US')} with a rate change`} />}
      {f.medianRateChange !== null && (
        <Chip
          size="small"
          label={`${withChange === 1 ? 'rate change' : 'median'} ${formatChange(f.medianRateChange)}`}
        />
      )}
      {f.minRateChange !== null && f.minRateChange !== f.maxRateChange && (
        <Chip size="small" label={`range ${formatChange(f.minRateChange)} to ${formatChange(f.maxRateChange)}`} />
      )}
      {f.firstSubmitted && (
        <Chip
          size="small"
          label={
            f.firstSubmitted === f.lastSubmitted || !f.lastSubmitted
              ? formatLongDate(f.firstSubmitted)
              : `${formatLongDate(f.firstSubmitted)} – ${formatLongDate(f.lastSubmitted)}`
          }
        />
      )}
    </>
  );
}

export function AnswerView({
  answer,
  onRetry,
  onLoosen,
}: {
  answer: ZorroAnswer;
  onRetry(): void;
  onLoosen(label: string): void;
}) {
  const [sources, setSources] = useState(false);
  const f = answer.figures;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="answer">
      {!answer.zeroResults && (
        <Stack direction="row" spacing={1} sx={{ mb: 1.5, flexWrap: 'wrap' }} data-testid="figures">
          <FigureChips figures={f} />
          <Chip
            size="small"
            variant="outlined"
            label={
              answer.mode === 'llm' ? 'Written by the language model from the passages' : 'Extracted from the filings'
            }
          />
        </Stack>
      )}
      <Stack spacing={1}>
        {answer.sentences.map((s, i) => (
          <Typography key={i} variant="body2" data-testid="answer-sentence">
            {s.text}{' '}
            {s.citations.map((n) => (
              <Link
                key={n}
                component={RouterLink}
                to={citationLink(answer, n)}
                sx={{ fontWeight: 700, fontSize: 12, mr: 0.25 }}
                data-testid="citation"
              >
                [{n}]
              </Link>
            ))}
          </Typography>
        ))}
      </Stack>
      {answer.droppedClaims > 0 && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          {answer.droppedClaims} {answer.droppedClaims === 1 ? 'statement was' : 'statements were'} left out because{' '}
          {answer.droppedClaims === 1 ? 'it cited' : 'they cited'} no retrieved passage.
        </Typography>
      )}
      {answer.zeroResults && answer.suggestions.length > 0 && (
        <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: 'wrap', gap: 1 }} data-testid="suggestions">
          {answer.suggestions.map((s) => (
            <Chip
              key={s.filter}
              label={`${s.label} (${s.count.toLocaleString('en-US')})`}
              onClick={() => {
                track('zorro_loosen_filter', { filter: s.filter, count: s.count });
                onLoosen(s.label);
              }}
            />
          ))}
        </Stack>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
        {answer.citations.length > 0 && (
          <Button
            size="small"
            onClick={() => {
              if (!sources) track('zorro_view_sources', { citations: answer.citations.length });
              setSources(!sources);
            }}
            data-testid="view-sources"
          >
            {sources ? 'Hide sources' : `View sources (${answer.citations.length})`}
          </Button>
        )}
        <Button size="small" startIcon={<Replay fontSize="small" />} onClick={onRetry} data-testid="retry">
          Retry
        </Button>
      </Stack>
      {sources && (
        <Stack spacing={1} sx={{ mt: 1 }} data-testid="sources">
          {answer.citations.map((c) => (
            <Box key={c.n} sx={{ borderLeft: '3px solid', borderColor: 'divider', pl: 1.5 }}>
              <Typography variant="caption" sx={{ fontWeight: 700 }}>
                [{c.n}]{' '}
                <Link component={RouterLink} to={citationLink(answer, c.n)}>
                  {c.company}, {c.state} {c.trackingNumber} — {c.documentTitle}, page {c.page}
                </Link>
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ fontSize: 13 }}>
                <Highlight text={c.passage} />
              </Typography>
            </Box>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
