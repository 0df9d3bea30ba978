import type { ZorroUnderstood } from '@zview/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { track } from '../../../api/analytics';

/**
 * How the search box was read (issue 40): each reading a removable chip (a wrong reading is one click
 * to undo: its words are then searched as words), the words left out because no filing holds them
 * with the rest, readings set aside because nothing matched with them, and for a question an offer
 * to ask the explorer.
 */
export function UnderstoodBar({
  understood,
  question,
  onRemove,
}: {
  understood: ZorroUnderstood | undefined;
  /** The search box's text when it reads as a question. */
  question: string | null;
  onRemove(chipId: string): void;
}) {
  if (!understood && !question) return null;
  const relaxed = new Set(understood?.relaxed ?? []);
  return (
    <Box sx={{ px: 2, pt: 1.5, pb: 1 }} data-testid="understood">
      {understood && understood.chips.length > 0 && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <Typography variant="caption" color="text.secondary">
            Read as
          </Typography>
          {understood.chips.map((chip) => (
            <Chip
              key={chip.id}
              size="small"
              color={relaxed.has(chip.id) ? 'default' : 'primary'}
              variant="outlined"
              sx={relaxed.has(chip.id) ? { textDecoration: 'line-through' } : undefined}
              label={chip.label}
              title={`From “${chip.text}”${relaxed.has(chip.id) ? ' — set aside: nothing matched with it' : ''}`}
              onDelete={() => {
                track('zorro_remove_reading', { chip: chip.id });
                onRemove(chip.id);
              }}
              data-testid="understood-chip"
            />
          ))}
          {understood.words && (
            <Typography variant="caption" color="text.secondary">
              words: {understood.words}
            </Typography>
          )}
        </Stack>
      )}
      {understood && understood.dropped.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="dropped-words">
          No filing matches every word: left out {understood.dropped.map((w) => `“${w}”`).join(', ')}.
        </Typography>
      )}
      {understood && relaxed.size > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="relaxed-readings">
          Nothing matched all of it: the crossed-out readings are set aside.
        </Typography>
      )}
      {question && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          <Link
            component={RouterLink}
            to={`/zorro/explorer?${new URLSearchParams({ ask: question }).toString()}`}
            data-testid="ask-explorer"
          >
            Ask the explorer: “{question}”
          </Link>
        </Typography>
      )}
    </Box>
  );
}
