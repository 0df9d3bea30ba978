import { formatLongDate, type ProductKey, type ScoreResult } from '@zview/contracts';
import Close from '@mui/icons-material/Close';
import Gavel from '@mui/icons-material/Gavel';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { track } from '../../../api/analytics';
import { useSession } from '../../../session/session';
import { AppealPanel } from './AppealPanel';

export interface AppealButtonProps {
  product: ProductKey;
  result: ScoreResult;
  location: { propertyId: string | null; h3Index: string; address?: { formatted: string } | null };
}

/**
 * What a product card or product page shows of appeals: 'Amended by appeal' with its date when
 * the organisation's score was amended, and an Appeal button (organisations with `appeals`)
 * that opens the appeal panel in a side drawer.
 */
export function AppealButton({ product, result, location }: AppealButtonProps) {
  const { enabledFeatures } = useSession();
  const [open, setOpen] = useState(false);
  const amended = result.amendedByAppeal;
  if (!location.propertyId || result.riskLevel === 'none') return null;
  const enabled = enabledFeatures.includes('appeals');
  if (!enabled && !amended) return null;
  const subject = { propertyId: location.propertyId, h3Index: location.h3Index, product };
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', '@media print': { display: amended ? 'flex' : 'none' } }}
      data-testid="appeal-area"
    >
      {amended && (
        <Chip
          size="small"
          color="info"
          variant="outlined"
          label={`Amended by appeal · ${formatLongDate(amended.publishedAt)}`}
          data-testid="amended-by-appeal"
        />
      )}
      {enabled && (
        <Button
          size="small"
          startIcon={<Gavel fontSize="small" />}
          onClick={() => {
            track('appeal_clicked', { product, property_id: location.propertyId });
            setOpen(true);
          }}
          sx={{ '@media print': { display: 'none' } }}
        >
          Appeal
        </Button>
      )}
      <Drawer
        anchor="right"
        open={open}
        onClose={() => setOpen(false)}
        slotProps={{ paper: { sx: { width: 760, maxWidth: '100vw', p: 3 } } }}
      >
        <Box sx={{ position: 'absolute', right: 12, top: 12 }}>
          <IconButton aria-label="Close appeal" onClick={() => setOpen(false)}>
            <Close />
          </IconButton>
        </Box>
        {open && <AppealPanel subject={subject} address={location.address?.formatted} />}
      </Drawer>
    </Stack>
  );
}
