import { formatLongDate, type AppealDetailResponse } from '@zview/contracts';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

/** The property's published score versions, each with the appeal that published it. */
export function ScoreVersionsCard({ versions }: { versions: AppealDetailResponse['versions'] }) {
  return (
    <Paper variant="outlined" sx={{ p: 2.5 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Score versions of this property
      </Typography>
      {versions.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No published versions yet: lookups show the model's score.
        </Typography>
      ) : (
        <Table size="small" aria-label="Score versions">
          <TableHead>
            <TableRow>
              <TableCell>Version</TableCell>
              <TableCell>Score</TableCell>
              <TableCell>Published</TableCell>
              <TableCell>Appeal</TableCell>
              <TableCell>Model</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {versions.map((v) => (
              <TableRow key={v.version}>
                <TableCell>{v.version}</TableCell>
                <TableCell>
                  {v.score?.toFixed(1) ?? '—'} ({v.riskLevel})
                </TableCell>
                <TableCell>
                  {formatLongDate(v.publishedAt)} by {v.publishedBy?.name ?? '—'}
                </TableCell>
                <TableCell>
                  <Link component={RouterLink} to={`/appeals/${v.appealId}`}>
                    #{v.appealId}
                  </Link>
                </TableCell>
                <TableCell>{v.modelVersion}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}
