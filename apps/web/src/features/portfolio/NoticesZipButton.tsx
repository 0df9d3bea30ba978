import { NOTICE_ZIP_MAX_ROWS, STANDARD_PRODUCTS, type StandardProduct } from '@zview/contracts';
import FolderZipOutlined from '@mui/icons-material/FolderZipOutlined';
import Button from '@mui/material/Button';
import { useMutation } from '@tanstack/react-query';
import { useNotifications } from '../../ui/notifications';
import { saveBlob } from '../../ui/saveBlob';
import { fetchNoticesZip } from './api/notices';

/** The score notices (PDF) of the selected rows as one ZIP (issue 42); the server refuses more than NOTICE_ZIP_MAX_ROWS. */
export function NoticesZipButton({
  portfolioId,
  product,
  rows,
}: {
  portfolioId: number;
  product: string;
  rows: number[];
}) {
  const { notify } = useNotifications();
  const download = useMutation({
    mutationFn: () => fetchNoticesZip(portfolioId, { product: product as StandardProduct, rows }),
    onSuccess: (blob) => saveBlob(blob, `notices_portfolio_${portfolioId}_${product}.zip`),
    onError: (error) => notify({ text: `The notices could not be downloaded. ${error.message}`, variant: 'error' }),
  });
  if (!(STANDARD_PRODUCTS as readonly string[]).includes(product)) return null;
  const tooMany = rows.length > NOTICE_ZIP_MAX_ROWS;
  return (
    <Button
      variant="outlined"
      size="small"
      startIcon={<FolderZipOutlined />}
      disabled={rows.length === 0 || tooMany}
      loading={download.isPending}
      onClick={() => download.mutate()}
      title={tooMany ? `At most ${NOTICE_ZIP_MAX_ROWS} rows at a time` : undefined}
      sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
    >
      {rows.length ? `Notices of ${rows.length} row${rows.length === 1 ? '' : 's'} (ZIP)` : 'Select rows for notices'}
    </Button>
  );
}
