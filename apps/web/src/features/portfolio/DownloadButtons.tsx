import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useAggregateDownload } from './api/analysisFiles';

/** CSV and XLSX buttons for one aggregate of the book dashboard. */
export function DownloadButtons({
  fetchFile,
  name,
}: {
  fetchFile: (format: 'csv' | 'xlsx') => Promise<Blob>;
  name: string;
}) {
  const download = useAggregateDownload(fetchFile, name);
  return (
    <Stack direction="row" spacing={1}>
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button
          key={format}
          size="small"
          variant="outlined"
          startIcon={<FileDownloadOutlined />}
          loading={download.isPending && download.variables === format}
          onClick={() => download.mutate(format)}
        >
          {format.toUpperCase()}
        </Button>
      ))}
    </Stack>
  );
}
