import {
  STANDARD_PRODUCTS,
  propertyReportFileName,
  scoreNoticeFileName,
  type ProductKey,
  type StandardProduct,
} from '@zview/contracts';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import Button from '@mui/material/Button';
import { useMutation } from '@tanstack/react-query';
import { useNotifications } from '../../../ui/notifications';
import { saveBlob } from '../../../ui/saveBlob';
import { fetchNotice, fetchPropertyReport } from '../api/documents';

const isStandard = (product: ProductKey): product is StandardProduct =>
  (STANDARD_PRODUCTS as readonly string[]).includes(product);

/** `fileName` is asked when the file arrives: its day is the download's. */
function PdfButton({ label, fileName, fetch }: { label: string; fileName: () => string; fetch: () => Promise<Blob> }) {
  const { notify } = useNotifications();
  const download = useMutation({
    mutationFn: fetch,
    onSuccess: (blob) => saveBlob(blob, fileName()),
    onError: (error) => notify({ text: `The PDF could not be downloaded. ${error.message}`, variant: 'error' }),
  });
  return (
    <Button
      variant="outlined"
      size="small"
      startIcon={<PictureAsPdfOutlined />}
      sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
      loading={download.isPending}
      onClick={() => download.mutate()}
    >
      {label}
    </Button>
  );
}

/** The plain-language score notice of one product, as a PDF (issue 42), saved under the product and address. */
export function NoticeButton({
  propertyId,
  address,
  product,
}: {
  propertyId: string;
  address: string;
  product: ProductKey;
}) {
  if (!isStandard(product)) return null;
  return (
    <PdfButton
      label="Score notice (PDF)"
      fileName={() => scoreNoticeFileName(product, address)}
      fetch={() => fetchNotice(propertyId, product)}
    />
  );
}

/** The whole property view as a PDF report (issue 42), saved under the address. */
export function ReportButton({ propertyId, address }: { propertyId: string; address: string }) {
  return (
    <PdfButton
      label="Property report (PDF)"
      fileName={() => propertyReportFileName(address)}
      fetch={() => fetchPropertyReport(propertyId)}
    />
  );
}
