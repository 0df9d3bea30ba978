import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PagedTableFooter } from '../../../ui/PagedTableFooter';
import { AppealsListFilters } from '../components/AppealsListFilters';
import { AppealsTable } from '../components/AppealsTable';
import { useAppealsListPage } from './useAppealsListPage';

/** /appeals: the organisation's appeals with their status, property, product, dates and assignee. */
export default function AppealsListPage() {
  const page = useAppealsListPage();
  const { appeals, filters } = page;
  return (
    <Box sx={{ px: 4, py: 3, maxWidth: 1360, mx: 'auto', width: '100%' }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Box>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
            Appeals
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Challenges of property scores, from draft to published score version. Open one from a property's score card.
          </Typography>
        </Box>
        {page.reviewer && (
          <Stack direction="row" spacing={1}>
            {page.canEditNotices && (
              <Button variant="text" component={RouterLink} to="/settings/notices">
                Notice wording
              </Button>
            )}
            <Button startIcon={<Download />} variant="outlined" onClick={() => void page.exportAuditTrail()}>
              Export audit trail (CSV)
            </Button>
          </Stack>
        )}
      </Stack>
      {page.error && <Alert severity="error">{page.error}</Alert>}
      <AppealsListFilters filters={filters} onChange={page.filter} />
      <Paper variant="outlined">
        {appeals.isPending ? (
          <Skeleton variant="rectangular" height={240} />
        ) : appeals.isError ? (
          <Alert severity="error">{appeals.error.message}</Alert>
        ) : (
          <>
            <AppealsTable appeals={appeals.data.results} />
            <PagedTableFooter
              total={appeals.data.total}
              page={filters.page - 1}
              itemsPerPage={filters.itemsPerPage}
              pageSizes={[25, 50, 100]}
              onPageChange={(index) => page.setPage(index + 1)}
              onItemsPerPageChange={page.setItemsPerPage}
            />
          </>
        )}
      </Paper>
    </Box>
  );
}
