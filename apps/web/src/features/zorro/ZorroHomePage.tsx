import ArrowForward from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { ZORRO_TOOLS } from './components/ZorroNav';

/** /zorro: what data discovery is, and its three tools. */
export default function ZorroHomePage() {
  return (
    <Box sx={{ p: 4, maxWidth: 1200, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
        Discovery
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3, maxWidth: 760 }}>
        Learn how carriers and regulators treat risk models: which companies filed a wildfire or hail score in which
        state, with what rate change, and what the regulator objected to. The filings here are a generated sample unless
        your organisation imported its own.
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 2 }}>
        {ZORRO_TOOLS.map((tool) => (
          <Paper key={tool.path} variant="outlined" sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
            <Typography variant="h6" component="h2">
              {tool.label}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
              {tool.description}
            </Typography>
            <Button
              component={RouterLink}
              to={tool.path}
              variant="contained"
              endIcon={<ArrowForward />}
              sx={{ alignSelf: 'flex-start' }}
            >
              Open {tool.label.toLowerCase()}
            </Button>
          </Paper>
        ))}
      </Box>
    </Box>
  );
}
