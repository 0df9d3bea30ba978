import CloudUpload from '@mui/icons-material/CloudUpload';
import InsertDriveFile from '@mui/icons-material/InsertDriveFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { formatBytes } from './model';

export type UploadState =
  | { kind: 'idle' }
  | { kind: 'uploading'; file: File; fraction: number }
  | { kind: 'uploaded'; file: File }
  | { kind: 'failed'; file: File; message: string };

/** Drop or choose one CSV file; shows the upload's progress with Cancel, then the file with Replace. */
export function FileDropZone({
  state,
  onFile,
  onCancel,
  invalid,
}: {
  state: UploadState;
  onFile: (file: File) => void;
  onCancel: () => void;
  invalid?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const choose = () => input.current?.click();

  return (
    <Box
      data-testid="drop-zone"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        const file = event.dataTransfer.files[0];
        if (file && state.kind !== 'uploading') onFile(file);
      }}
      sx={{
        border: '2px dashed',
        borderColor: over ? 'primary.main' : invalid ? 'error.main' : 'divider',
        bgcolor: over ? 'action.hover' : 'background.default',
        borderRadius: 2,
        p: 3,
        transition: 'border-color 120ms',
      }}
    >
      <input
        ref={input}
        type="file"
        accept=".csv,.txt,text/csv"
        hidden
        data-testid="file-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      {state.kind === 'idle' ? (
        <Stack spacing={1} sx={{ alignItems: 'center', py: 2 }}>
          <CloudUpload sx={{ fontSize: 40, color: 'text.secondary' }} />
          <Typography variant="body1" sx={{ fontWeight: 600 }}>
            Drop a CSV file here
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            One property per row, with an address (or street, city, state, zip) or latitude and longitude columns.
          </Typography>
          <Button variant="outlined" onClick={choose} sx={{ mt: 1 }}>
            Choose file
          </Button>
        </Stack>
      ) : (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <InsertDriveFile sx={{ color: 'primary.main', fontSize: 32 }} />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap data-testid="file-name">
              {state.file.name}
            </Typography>
            <Typography
              variant="caption"
              sx={{ color: state.kind === 'failed' ? 'error.main' : 'text.secondary' }}
              data-testid="upload-status"
            >
              {state.kind === 'uploading'
                ? `Uploading… ${Math.round(state.fraction * 100)}% of ${formatBytes(state.file.size)}`
                : state.kind === 'uploaded'
                  ? `Uploaded · ${formatBytes(state.file.size)}`
                  : state.message}
            </Typography>
            {state.kind === 'uploading' && (
              <LinearProgress
                variant="determinate"
                value={Math.round(state.fraction * 100)}
                aria-label="Upload progress"
                // No easing: MUI's 0.4 s transition restarts on every progress event, so during a fast
                // upload the bar trailed far behind the figure beside it (40 % said, 3 % drawn; issue 45).
                sx={{ mt: 1, height: 6, borderRadius: 3, '& .MuiLinearProgress-bar': { transition: 'none' } }}
              />
            )}
          </Box>
          {state.kind === 'uploading' ? (
            <Button color="inherit" onClick={onCancel}>
              Cancel upload
            </Button>
          ) : (
            <Button onClick={choose}>{state.kind === 'failed' ? 'Choose another file' : 'Replace file'}</Button>
          )}
        </Stack>
      )}
    </Box>
  );
}
