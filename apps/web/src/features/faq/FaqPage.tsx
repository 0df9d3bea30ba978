import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRuntimeConfig } from '../../session/runtime-config';
import { faqSections, useFaq } from './api';

/** /faq: the questions of GET /api/faq, grouped by section. */
export default function FaqPage() {
  const faq = useFaq();
  const config = useRuntimeConfig();
  return (
    <Box sx={{ px: 4, py: 4 }}>
      <Box sx={{ maxWidth: 900, mx: 'auto' }}>
        <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
          Frequently asked questions
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Answers to common questions about Z-VIEW. Still stuck? Write to {config.SUPPORT_EMAIL}.
        </Typography>
        {faq.isPending ? (
          <Stack spacing={1.5} data-testid="faq-skeleton">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} variant="rounded" height={52} />
            ))}
          </Stack>
        ) : faq.isError ? (
          <Alert severity="error">The questions could not be loaded right now. Please try again later.</Alert>
        ) : faq.data.faqs.length === 0 ? (
          <Typography color="text.secondary">There are no questions yet.</Typography>
        ) : (
          <Stack spacing={4}>
            {faqSections(faq.data.faqs).map((section) => (
              <Box component="section" key={section.title} aria-label={section.title}>
                <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
                  {section.title}
                </Typography>
                {section.items.map((item) => (
                  <Accordion
                    key={item.id}
                    disableGutters
                    variant="outlined"
                    sx={{ '&:before': { display: 'none' }, '& + &': { borderTop: 0 } }}
                  >
                    <AccordionSummary expandIcon={<ExpandMoreIcon />}>
                      <Typography sx={{ fontWeight: 600 }}>{item.question}</Typography>
                    </AccordionSummary>
                    <AccordionDetails>
                      <Typography color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
                        {item.answer}
                      </Typography>
                    </AccordionDetails>
                  </Accordion>
                ))}
              </Box>
            ))}
          </Stack>
        )}
      </Box>
    </Box>
  );
}
