import { MESSAGES, PRODUCT_DISPLAY_NAMES, isProductKey, sortProducts, type ProductKey } from '@zview/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useSession } from '../../session/session';
import { RiskChip } from '../../ui/RiskChip';
import { useRecentLookups, type RecentLookup } from './api/recentLookups';

export const DASHBOARD_TABS = [
  { value: 'recent', label: 'Recent lookups', empty: 'No property has been looked up by your organisation yet.' },
  { value: 'high-risk', label: 'High risk', empty: 'None of the recent lookups scored high risk.' },
] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number]['value'];

/** The lookups a tab lists: all recent ones, or those with at least one high-risk score. */
export function lookupsForTab(tab: DashboardTab, lookups: RecentLookup[]): RecentLookup[] {
  return tab === 'high-risk'
    ? lookups.filter((lookup) => lookup.scores.some((score) => score.riskLevel === 'high'))
    : lookups;
}

const when = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

function ScoreChips({ scores, enabled }: { scores: RecentLookup['scores']; enabled: string[] }) {
  const byProduct = new Map(
    scores
      .filter((s) => isProductKey(s.product) && enabled.includes(s.product))
      .map((s) => [s.product as ProductKey, s]),
  );
  return (
    <Stack direction="row" spacing={0.75} sx={{ flexWrap: 'wrap', rowGap: 0.75 }}>
      {sortProducts([...byProduct.keys()]).map((product) => {
        const score = byProduct.get(product)!;
        return (
          <RiskChip
            key={product}
            level={score.riskLevel}
            label={`${PRODUCT_DISPLAY_NAMES[product]} ${score.score === null ? '—' : score.score.toFixed(1)}`}
          />
        );
      })}
    </Stack>
  );
}

/** An unknown /dashboard/{tab}: says so and lists the tabs there are. */
function UnknownTab() {
  return (
    <Box sx={{ px: 4, py: 6, maxWidth: 640, mx: 'auto' }} data-testid="dashboard-unknown-tab">
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        Dashboard
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {MESSAGES.pageNotFound} The dashboard has these tabs:
      </Typography>
      <Stack component="ul" spacing={1} sx={{ m: 0, pl: 3 }}>
        {DASHBOARD_TABS.map((t) => (
          <li key={t.value}>
            <Link component={RouterLink} to={`/dashboard/${t.value}`}>
              {t.label}
            </Link>
          </li>
        ))}
      </Stack>
    </Box>
  );
}

/** /dashboard/{activeTab}: the organisation's recently looked-up properties (one row each, latest lookup first) with their scores. */
export default function DashboardPage() {
  const { activeTab } = useParams();
  const navigate = useNavigate();
  const { activeOrganization, enabledFeatures } = useSession();
  const lookups = useRecentLookups();
  const tab = DASHBOARD_TABS.find((t) => t.value === activeTab);
  if (!tab) return <UnknownTab />;
  const rows = lookups.data ? lookupsForTab(tab.value, lookups.data.results) : [];

  return (
    <Box sx={{ px: 4, py: 4 }}>
      <Box sx={{ maxWidth: 1360, mx: 'auto' }}>
        <Typography variant="h4" component="h1">
          Dashboard
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Properties looked up by {activeOrganization?.name ?? 'your organisation'}.
        </Typography>
        <Paper variant="outlined">
          <Tabs
            value={tab.value}
            onChange={(_event, value: string) => void navigate(`/dashboard/${value}`)}
            aria-label="Dashboard"
            sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
          >
            {DASHBOARD_TABS.map((t) => (
              <Tab key={t.value} value={t.value} label={t.label} />
            ))}
          </Tabs>
          {lookups.isPending ? (
            <Stack spacing={1} sx={{ p: 2 }} data-testid="dashboard-skeleton">
              {Array.from({ length: 6 }, (_, i) => (
                <Skeleton key={i} variant="rounded" height={36} />
              ))}
            </Stack>
          ) : lookups.isError ? (
            <Alert severity="error" sx={{ m: 2 }}>
              The recent lookups could not be loaded right now. Please try again later.
            </Alert>
          ) : rows.length === 0 ? (
            <Typography color="text.secondary" sx={{ p: 4, textAlign: 'center' }}>
              {tab.empty}
            </Typography>
          ) : (
            <Table aria-label={tab.label}>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ width: 200 }}>Last looked up</TableCell>
                  <TableCell>Property</TableCell>
                  <TableCell>Last by</TableCell>
                  <TableCell>Scores</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((lookup) => (
                  <TableRow key={lookup.id} hover data-testid="lookup-row">
                    <TableCell sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }}>
                      {when.format(new Date(lookup.at))}
                      {lookup.count > 1 && (
                        <Typography variant="caption" component="div" data-testid="lookup-count">
                          {lookup.count.toLocaleString('en-US')} lookups
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>
                      <Link
                        component={RouterLink}
                        to={`/scores?${new URLSearchParams({ location: lookup.address, location_type: 'address' }).toString()}`}
                        sx={{ fontWeight: 600 }}
                      >
                        {lookup.address}
                      </Link>
                    </TableCell>
                    <TableCell sx={{ color: 'text.secondary' }}>{lookup.userEmail}</TableCell>
                    <TableCell>
                      <ScoreChips scores={lookup.scores} enabled={enabledFeatures} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Paper>
      </Box>
    </Box>
  );
}
