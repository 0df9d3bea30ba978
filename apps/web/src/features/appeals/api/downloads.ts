import { downloadFileName } from '@zview/contracts';
import { buildApiUrl, getAccessToken } from '../../../api/client';
import { apiPath } from '../../../api/paths';
import { saveBlob } from '../../../ui/saveBlob';

/** Fetches a protected file (evidence, audit CSV) with the bearer token and hands it to the browser. */
export async function downloadProtected(path: string, fileName: string, open = false): Promise<void> {
  const token = getAccessToken();
  const response = await fetch(buildApiUrl(path), { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(`Download failed (${response.status}).`);
  const blob = await response.blob();
  if (!open) return saveBlob(blob, fileName);
  const url = URL.createObjectURL(blob);
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** GET /api/caribou/appeals/audit.csv: the organisation's audit trail, or one property's (reviewers). */
export function downloadAuditTrail(propertyId?: string): Promise<void> {
  const path = apiPath('/caribou/appeals/audit.csv');
  if (propertyId === undefined) return downloadProtected(path, downloadFileName('appeals audit', 'csv'));
  return downloadProtected(
    `${path}?propertyId=${encodeURIComponent(propertyId)}`,
    downloadFileName(`appeals audit ${propertyId}`, 'csv'),
  );
}

/** An evidence file, opened in a new tab (its URL is the server's signed-in download). */
export function openEvidence(file: { url: string; fileName: string }): Promise<void> {
  return downloadProtected(file.url, file.fileName, true);
}
