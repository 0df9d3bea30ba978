import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../api/client';
import { useNotifications } from '../../ui/notifications';
import { downloadFileName } from '@zview/contracts';
import { saveBlob } from '../../ui/saveBlob';
import { apiPath } from '../../api/paths';

/** GET /api/caribou/portfolio/{id}/export?format=xlsx: every product's scores side by side, with where each row was placed. */
export function fetchCombinedExport(id: number): Promise<Blob> {
  return api.get<Blob>(apiPath('/caribou/portfolio/{id}/export', { id }), {
    query: { format: 'xlsx' },
    responseType: 'blob',
  });
}

/** One download with every finished product side by side (what an underwriter asks for first). */
export function ExportAllButton({ id, name, disabled }: { id: number; name: string; disabled: boolean }) {
  const { notify } = useNotifications();
  const download = useMutation({
    mutationFn: () => fetchCombinedExport(id),
    onSuccess: (blob) => saveBlob(blob, downloadFileName(`${name} all products`, 'xlsx')),
    onError: (error) => notify({ text: `The export could not be downloaded. ${error.message}`, variant: 'error' }),
  });
  return (
    <Button
      variant="outlined"
      size="small"
      startIcon={<FileDownloadOutlined />}
      disabled={disabled}
      loading={download.isPending}
      onClick={() => download.mutate()}
    >
      Export all products
    </Button>
  );
}
