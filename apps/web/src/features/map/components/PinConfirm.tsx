import PlaceIcon from '@mui/icons-material/Place';
import { Box, Button, Paper, Typography } from '@mui/material';
import { MESSAGES } from '@zview/contracts';

/** Asks whether the dragged pin is right (SPEC §4, pin editing). */
export function PinConfirm({ onYes, onNo }: { onYes: () => void; onNo: () => void }) {
  return (
    <Paper
      role="alertdialog"
      aria-label={MESSAGES.pinConfirm}
      elevation={6}
      sx={{
        position: 'absolute',
        top: 60,
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: 4,
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        pl: 2,
        pr: 1,
        py: 1,
      }}
    >
      <PlaceIcon color="error" fontSize="small" />
      <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
        {MESSAGES.pinConfirm}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button size="small" variant="outlined" onClick={onNo} sx={{ textTransform: 'none', fontWeight: 600 }}>
          No
        </Button>
        <Button
          size="small"
          variant="contained"
          onClick={onYes}
          disableElevation
          sx={{ textTransform: 'none', fontWeight: 600 }}
        >
          Yes
        </Button>
      </Box>
    </Paper>
  );
}
