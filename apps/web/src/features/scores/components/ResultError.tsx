import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isApiError } from '../../../api/errors';
import { errorMessage } from './errorMessage';

export interface ResultErrorProps {
  error: unknown;
  onRetry?: () => void;
  retrying?: boolean;
}

/** A failed lookup: what went wrong, and (unless the place is unknown or the input bad) Try again. */
export function ResultError({ error, onRetry, retrying = false }: ResultErrorProps) {
  const retryable = !(isApiError(error) && (error.status === 400 || error.status === 403 || error.status === 404));
  const { title, message } = errorMessage(error);
  return (
    <Paper
      variant="outlined"
      role="alert"
      data-testid="result-error"
      sx={{ p: 4, display: 'flex', gap: 2.5, alignItems: 'flex-start', maxWidth: 760 }}
    >
      <SearchOffOutlined color="warning" sx={{ fontSize: 40 }} />
      <Stack spacing={0.75}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        <Typography>{message}</Typography>
        {isApiError(error) && error.status === 404 && (
          <Typography variant="body2" color="text.secondary">
            Tip: include the city and state or the ZIP code, or search by coordinates instead.
          </Typography>
        )}
        {onRetry && retryable && (
          <Box>
            <Button variant="outlined" size="small" onClick={onRetry} loading={retrying} sx={{ mt: 1 }}>
              Try again
            </Button>
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
