import { CHANGE_CAUSE_LABELS, formatLongDate } from '@zview/contracts';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { fetchChange, fetchChanges, monitoringKeys } from './api/monitoring';
import { LEVEL, factorText, featureText, fmt, productLabel } from './changes/labels';

/** A changed row: the property's score history in order, and its orthophotos before and after a capture. */
export function ChangeDrawer({
  portfolioId,
  changeId,
  onClose,
}: {
  portfolioId: number;
  changeId: string | null;
  onClose: () => void;
}) {
  const detail = useQuery({
    queryKey: monitoringKeys.change(portfolioId, changeId ?? ''),
    queryFn: () => fetchChange(portfolioId, changeId!),
    enabled: changeId !== null,
  });
  const row = detail.data?.change.rowNumber;
  const history = useQuery({
    queryKey: monitoringKeys.changes(portfolioId, { rowNumber: row, product: detail.data?.change.product as never }),
    queryFn: () =>
      fetchChanges(portfolioId, { rowNumber: row, product: detail.data!.change.product as never, itemsPerPage: 100 }),
    enabled: row !== undefined,
  });
  const c = detail.data?.change;
  return (
    <Drawer anchor="right" open={changeId !== null} onClose={onClose}>
      <Box sx={{ width: 640, p: 3 }} data-testid="change-drawer">
        {c && (
          <>
            <Typography variant="h6">{c.address ?? c.propertyId}</Typography>
            <Typography variant="body2" color="text.secondary" gutterBottom>
              Row {c.rowNumber}
              {c.ref ? ` · ${c.ref}` : ''} · {productLabel(c.product)}
            </Typography>
            {detail.data?.before && detail.data.after && (
              <Stack direction="row" spacing={2} sx={{ my: 2 }} data-testid="before-after">
                {[
                  ['Before', detail.data.before],
                  ['After', detail.data.after],
                ].map(([label, item]) => {
                  const image = item as NonNullable<typeof detail.data.after>;
                  return (
                    <Box key={label as string} sx={{ flex: 1 }}>
                      <Typography variant="subtitle2">
                        {label as string} · {image.imageDateLabel}
                      </Typography>
                      <Box
                        component="img"
                        src={image.imageUrl}
                        alt={`${label as string} ${image.imageDateLabel}`}
                        sx={{ width: '100%', borderRadius: 1 }}
                      />
                      <Typography variant="caption" color="text.secondary">
                        {image.imageProvider}
                      </Typography>
                    </Box>
                  );
                })}
              </Stack>
            )}
            <Typography variant="subtitle1" sx={{ mt: 2 }}>
              Score history
            </Typography>
            <Box component="ol" sx={{ pl: 3 }} data-testid="score-history">
              {history.data?.changes.map((h) => (
                <li key={h.id}>
                  <Typography variant="body2">
                    {formatLongDate(h.changedAt)}: {fmt(h.oldScore)} ({LEVEL[h.oldLevel]}) → {fmt(h.newScore)} (
                    {LEVEL[h.newLevel]}) · {CHANGE_CAUSE_LABELS[h.cause]} {h.causeId}
                    {h.features.length > 0 && ` (${featureText(h.features)})`}
                  </Typography>
                  {h.factors.length > 0 && (
                    <Typography variant="caption" color="text.secondary" data-testid="moved-factors">
                      Factors that moved: {factorText(h.factors)}
                    </Typography>
                  )}
                </li>
              ))}
            </Box>
          </>
        )}
      </Box>
    </Drawer>
  );
}
