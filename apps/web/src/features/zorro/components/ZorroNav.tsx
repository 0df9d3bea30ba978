import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';

export const ZORRO_TOOLS = [
  {
    path: '/zorro/filing-finder',
    label: 'Filing finder',
    description:
      'Search rate filings by words and facets, read their documents page by page, with the regulator’s objections and the carrier’s responses.',
  },
  {
    path: '/zorro/explorer',
    label: 'Explorer',
    description:
      'Ask questions in plain words. Counts, medians and dates are computed from the filings; every answer cites the filing and page it rests on.',
  },
  {
    path: '/zorro/grid',
    label: 'Grid',
    description:
      'Compare extracted fields across filings: state, company, dates, rate change, models cited and status. Export to CSV or Excel.',
  },
] as const;

/** The discovery tools' tabs and the page title, with the sample-data label. */
export function ZorroNav({ title }: { title: string }) {
  const { pathname } = useLocation();
  const current = ZORRO_TOOLS.find((t) => pathname.startsWith(t.path))?.path ?? false;
  return (
    <Box sx={{ mb: 2 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <Chip
          size="small"
          variant="outlined"
          label="Sample filings"
          title="The filings shown are a generated sample, not real regulatory filings, unless your organisation imported its own."
        />
      </Stack>
      <Tabs value={current} sx={{ minHeight: 40, mt: 1 }}>
        {ZORRO_TOOLS.map((t) => (
          <Tab key={t.path} value={t.path} label={t.label} component={RouterLink} to={t.path} sx={{ minHeight: 40 }} />
        ))}
      </Tabs>
    </Box>
  );
}
