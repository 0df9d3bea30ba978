import { STANDARD_PRODUCTS, type ProductKey, type StandardProduct } from '@zview/contracts';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import Button from '@mui/material/Button';
import { useMutation } from '@tanstack/react-query';
import { useNotifications } from '../../../ui/notifications';
import { saveBlob } from '../../../ui/saveBlob';
import { fetchNotice, fetchPropertyReport } from '../api/documents';

const isStandard = (product: ProductKey): product is StandardProduct =>
  (STANDARD_PRODUCTS as readonly string[]).includes(product);

function PdfButton({ label, fileName, fetch }: { label: string; fileName: string; fetch: () => Promise<Blob> }) {
  const { notify } = useNotifications();
  const download = useMutation({
    mutationFn: fetch,
    onSuccess: (blob) => saveBlob(blob, fileName),
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

/** The plain-language score notice of one product, as a PDF (issue 42). */
export function NoticeButton({ propertyId, product }: { propertyId: string; product: ProductKey }) {
  if (!isStandard(product)) return null;
  return (
    <PdfButton
      label="Score notice (PDF)"
      fileName={`notice_${propertyId}_${product}.pdf`}
      fetch={() => fetchNotice(propertyId, product)}
    />
  );
}

/** The whole property view as a PDF report (issue 42). */
export function ReportButton({ propertyId }: { propertyId: string }) {
  return (
    <PdfButton
      label="Property report (PDF)"
      fileName={`report_${propertyId}.pdf`}
      fetch={() => fetchPropertyReport(propertyId)}
    />
  );
}
