import { APPEAL_STATUS_LABELS, formatLongDate, type DraftDetailsResponse } from '@zview/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatScore, productLabel } from '../../model';

/** The product and property appealed, the current score (amended or not), the open appeal's status and links. */
export function AppealPanelHeader({
  product,
  address,
  current,
  appeal,
}: {
  product: string;
  address?: string | null;
  current: DraftDetailsResponse['current'];
  appeal: DraftDetailsResponse['appeal'];
}) {
  return (
    <Box>
      <Typography variant="h6" component="h2">
        Appeal the {productLabel(product)} score
      </Typography>
      {address && (
        <Typography variant="body2" color="text.secondary">
          {address}
        </Typography>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2">
          Current score <b data-testid="appeal-current-score">{formatScore(current.score)}</b>
        </Typography>
        {current.amendedByAppeal && (
          <Chip
            size="small"
            color="info"
            label={`Amended by appeal on ${formatLongDate(current.amendedByAppeal.publishedAt)}`}
          />
        )}
        {appeal && (
          <Chip
            size="small"
            label={APPEAL_STATUS_LABELS[appeal.status]}
            data-testid="appeal-status"
            color={appeal.overdue ? 'error' : 'default'}
          />
        )}
        {appeal && (
          <Link component={RouterLink} to={`/appeals/${appeal.id}`} variant="body2">
            Open appeal #{appeal.id}
          </Link>
        )}
        <Link component={RouterLink} to="/appeals" variant="body2">
          All appeals
        </Link>
      </Stack>
    </Box>
  );
}
