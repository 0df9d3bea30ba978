import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { AppealSummaryCard } from '../components/appeal-page/AppealSummaryCard';
import { ChangedFeaturesCard } from '../components/appeal-page/ChangedFeaturesCard';
import { DecideCard } from '../components/appeal-page/DecideCard';
import { EvidenceCard } from '../components/appeal-page/EvidenceCard';
import { ScoreVersionsCard } from '../components/appeal-page/ScoreVersionsCard';
import { TimelineCard } from '../components/appeal-page/TimelineCard';
import { StatusChip } from '../components/StatusChip';
import { productLabel, transitionButtons } from '../model';
import { useAppealPage } from './useAppealPage';

/** /appeals/:id: one appeal, its changes, evidence, timeline and the property's score versions. */
export default function AppealPage() {
  const page = useAppealPage();
  const { appeal } = page;
  if (!page.validId) return <Alert severity="error">The specified page could not be found.</Alert>;
  if (appeal.isPending) return <Skeleton variant="rounded" height={400} sx={{ m: 4 }} />;
  if (appeal.isError)
    return (
      <Alert severity="error" sx={{ m: 4 }}>
        {appeal.error.message}
      </Alert>
    );
  const { appeal: a, evidence, timeline, versions, allowed } = appeal.data;
  const buttons = transitionButtons(allowed, a.status);

  return (
    <Box sx={{ px: 4, py: 3, maxWidth: 1360, mx: 'auto', width: '100%' }}>
      <Button component={RouterLink} to="/appeals" startIcon={<ArrowBack />} size="small" sx={{ mb: 1 }}>
        All appeals
      </Button>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
          Appeal #{a.id} · {productLabel(a.product)}
        </Typography>
        <StatusChip status={a.status} />
        {a.overdue && <Chip color="error" size="small" label="Overdue" />}
      </Stack>
      {page.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {page.error}
        </Alert>
      )}
      <Box
        sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 7fr) minmax(0, 5fr)', gap: 2.5, alignItems: 'start' }}
      >
        <Stack spacing={2.5}>
          <AppealSummaryCard appeal={a} />
          <ChangedFeaturesCard manualInputs={a.manualInputs} />
          <ScoreVersionsCard versions={versions} />
        </Stack>
        <Stack spacing={2.5}>
          {buttons.length > 0 && (
            <DecideCard
              buttons={buttons}
              note={page.note}
              onNoteChange={page.setNote}
              onAct={(call) => page.act(a.id, call)}
              busy={page.busy}
              canPublish={allowed.publish}
            />
          )}
          <EvidenceCard evidence={evidence} onOpen={page.openEvidence} />
          <TimelineCard
            timeline={timeline}
            onDownloadAudit={page.reviewer ? () => page.downloadPropertyAudit(a.propertyId) : undefined}
          />
        </Stack>
      </Box>
    </Box>
  );
}
