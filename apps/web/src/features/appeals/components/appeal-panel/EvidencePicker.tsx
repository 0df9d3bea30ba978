import AttachFile from '@mui/icons-material/AttachFile';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';

/** Attach photos or PDFs to the appeal, and what is attached so far. */
export function EvidencePicker({
  onAttach,
  disabled,
  attached,
  evidenceCount,
}: {
  onAttach: (files: FileList | null) => Promise<void>;
  disabled: boolean;
  attached: string[];
  evidenceCount: number | undefined;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <input
        ref={fileInput}
        type="file"
        hidden
        multiple
        accept="image/jpeg,image/png,image/webp,application/pdf"
        data-testid="evidence-input"
        onChange={(event) => void onAttach(event.target.files).finally(() => (event.target.value = ''))}
      />
      <Button startIcon={<AttachFile />} onClick={() => fileInput.current?.click()} disabled={disabled}>
        Attach evidence
      </Button>
      <Typography variant="caption" color="text.secondary" data-testid="evidence-list">
        {attached.length
          ? attached.join(', ')
          : evidenceCount
            ? `${evidenceCount} file(s) attached`
            : 'Photos or PDFs, up to 10 MB each.'}
      </Typography>
    </Stack>
  );
}
