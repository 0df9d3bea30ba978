import { useMutation } from '@tanstack/react-query';
import { downloadFileName } from '@zview/contracts';
import { useNotifications } from '../../../ui/notifications';
import { saveBlob } from '../../../ui/saveBlob';

/** Downloads an aggregate file (CSV or XLSX) under the name the person reads on screen. */
export function useAggregateDownload(fetchFile: (format: 'csv' | 'xlsx') => Promise<Blob>, name: string) {
  const { notify } = useNotifications();
  return useMutation({
    mutationFn: (format: 'csv' | 'xlsx') => fetchFile(format).then((blob) => ({ blob, format })),
    onSuccess: ({ blob, format }) => saveBlob(blob, downloadFileName(name, format)),
    onError: (error) => notify({ text: `The file could not be downloaded. ${error.message}`, variant: 'error' }),
  });
}
