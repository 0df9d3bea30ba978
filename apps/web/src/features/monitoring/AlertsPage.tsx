import { allows, factsOf } from '@zview/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { useSession } from '../../session/session';
import { AlertRulesPanel } from './alerts/AlertRulesPanel';
import { WebhookEndpointsPanel } from './alerts/WebhookEndpointsPanel';

/**
 * /zportfolio/alerts[?portfolio=ID]: where group admins manage the alert rules of monitored
 * portfolios and the organisation's webhook endpoints (issue 41). Reached from a portfolio, its
 * changes view and the team page. Others read why they cannot manage them.
 */
export default function AlertsPage() {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const portfolioId = Number(params.get('portfolio') ?? 0);
  const canManage = allows(factsOf(session.permissions), 'monitoring:manage');
  const organization = session.activeOrganization?.name ?? 'your organisation';
  return (
    <Box sx={{ p: 4, maxWidth: 1280, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
        Alerts & webhooks
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {organization} · Tell people and systems when a monitored portfolio changes.
      </Typography>
      {canManage ? (
        <Stack spacing={3}>
          <AlertRulesPanel
            portfolioId={Number.isInteger(portfolioId) && portfolioId > 0 ? portfolioId : 0}
            onPortfolio={(id) => setParams({ portfolio: String(id) }, { replace: true })}
          />
          <WebhookEndpointsPanel />
        </Stack>
      ) : (
        <Alert severity="info">
          Only group admins of {organization} can manage alert rules and webhook endpoints. You still receive the in-app
          alerts and email digests they set up; ask a group admin to add or change a rule or an endpoint.
        </Alert>
      )}
    </Box>
  );
}
