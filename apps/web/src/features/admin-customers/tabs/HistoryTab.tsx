import { formatLongDateTime } from '@zview/contracts';
import { Button, Stack, TableCell, TableRow, Typography } from '@mui/material';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import { PagedTableFooter, usePaging } from '../../../ui/PagedTableFooter';
import { useNotifications } from '../../../ui/notifications';
import { downloadCustomerHistory, useCustomerHistory } from '../api/history';
import { actionLabel } from '../labels';
import { QueryTable } from '../../../ui/QueryTable';

const compact = (value: unknown) =>
  value === null || value === undefined ? '—' : JSON.stringify(value, null, 1).replace(/\n\s*/g, ' ');

/** Every change to the customer: who, what, before, after, when; downloadable as CSV. */
export function HistoryTab({ customerId }: { customerId: number }) {
  const paging = usePaging(25);
  const { page, itemsPerPage } = paging;
  const history = useCustomerHistory(customerId, page + 1, itemsPerPage);
  const { notify } = useNotifications();

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography color="text.secondary">Every change made to this customer, newest first.</Typography>
        <Button
          startIcon={<DownloadOutlined />}
          variant="outlined"
          onClick={() =>
            void downloadCustomerHistory(customerId).catch((e: Error) => notify({ text: e.message, variant: 'error' }))
          }
        >
          Download CSV
        </Button>
      </Stack>
      <QueryTable
        query={history}
        what="The history"
        label="Customer history"
        columns={['When', 'Who', 'What', 'Subject', 'Before', 'After']}
        empty="No changes recorded yet."
        rows={(data) => data.entries}
        skeletonHeight={200}
        footer={(data) => <PagedTableFooter total={data.total} pageSizes={[25, 50, 100]} {...paging} />}
      >
        {(entry) => (
          <TableRow key={entry.id}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatLongDateTime(entry.at)}</TableCell>
            <TableCell>{entry.actorEmail ?? entry.actorUserId ?? 'System'}</TableCell>
            <TableCell>{actionLabel(entry.action)}</TableCell>
            <TableCell>{entry.subject ?? '—'}</TableCell>
            {[entry.before, entry.after].map((value, i) => (
              <TableCell key={i} sx={{ fontFamily: 'monospace', fontSize: 12, maxWidth: 360, wordBreak: 'break-word' }}>
                {compact(value)}
              </TableCell>
            ))}
          </TableRow>
        )}
      </QueryTable>
    </Stack>
  );
}
