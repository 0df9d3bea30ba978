import { formatLongDate, type AppealDetailResponse } from '@zview/contracts';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

type Evidence = AppealDetailResponse['evidence'][number];

/** The files attached to the appeal; each opens in a new tab. */
export function EvidenceCard({ evidence, onOpen }: { evidence: Evidence[]; onOpen: (file: Evidence) => void }) {
  return (
    <Paper variant="outlined" sx={{ p: 2.5 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Evidence
      </Typography>
      {evidence.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No files attached.
        </Typography>
      ) : (
        <Stack spacing={0.5}>
          {evidence.map((file) => (
            <Stack key={file.id} direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid="evidence-item">
              <Link component="button" onClick={() => onOpen(file)}>
                {file.fileName}
              </Link>
              <Typography variant="caption" color="text.secondary">
                {file.sizeBytes < 1024 ? `${file.sizeBytes} B` : `${Math.round(file.sizeBytes / 1024)} KB`} ·{' '}
                {formatLongDate(file.uploadedAt)}
              </Typography>
            </Stack>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
