import { formatLongDate } from '@zview/contracts';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useDocument } from '../api/document';
import { useFiling } from '../api/filing';
import { formatChange, STATUS_COLORS } from './format';
import { MarkWords } from './Highlight';

export interface FilingViewProps {
  id: number;
  q: string | undefined;
  documentId: number | null;
  page: number | null;
  onOpenDocument(documentId: number): void;
  onBack(): void;
}

/** A filing: its metadata, per-coverage changes, objections and responses, documents and their pages (search words marked). */
export function FilingView({ id, q, documentId, page, onOpenDocument, onBack }: FilingViewProps) {
  const filing = useFiling(id);
  const f = filing.data;
  const openDoc = documentId ?? f?.documents[0]?.id ?? null;
  return (
    <Stack spacing={2} data-testid="filing-view">
      <Box>
        <Button startIcon={<ArrowBack />} onClick={onBack} data-testid="finder-back">
          Back to results
        </Button>
      </Box>
      {filing.isPending && <CircularProgress size={28} />}
      {filing.error && <Alert severity="error">This filing could not be loaded.</Alert>}
      {f && (
        <>
          <Paper variant="outlined" sx={{ p: 2.5 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
              <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mr: 1 }}>
                {f.title}
              </Typography>
              <Chip size="small" label={f.status} color={STATUS_COLORS[f.status] ?? 'default'} />
              {f.sample && <Chip size="small" variant="outlined" label="Sample data" data-testid="sample-label" />}
            </Stack>
            <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: 1.5, mt: 1 }}>
              <Field label="Company" value={f.company} />
              <Field label="NAIC group" value={`${f.naicGroup}${f.naicCode ? ` (${f.naicCode})` : ''}`} />
              <Field label="State" value={f.state} />
              <Field label="Tracking number" value={f.trackingNumber} />
              <Field label="Line of business" value={f.line} />
              <Field label="Filing type" value={f.filingType} />
              <Field label="Overall rate change" value={formatChange(f.overallChange)} />
              <Field label="Submitted" value={formatLongDate(f.submittedOn)} />
              <Field label="Disposition" value={f.dispositionOn ? formatLongDate(f.dispositionOn) : '—'} />
              <Field label="Effective" value={f.effectiveOn ? formatLongDate(f.effectiveOn) : '—'} />
              <Field label="Models cited" value={f.models.join(', ') || 'none'} />
              <Field label="Vendors" value={f.vendors.join(', ') || '—'} />
            </Box>
          </Paper>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: 2 }}>
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
                Rate change by coverage
              </Typography>
              {f.coverages.length ? (
                <Table size="small">
                  <TableBody>
                    {f.coverages.map((c) => (
                      <TableRow key={c.coverage}>
                        <TableCell>{c.coverage}</TableCell>
                        <TableCell align="right">{formatChange(c.change)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  No rate change by coverage in this filing.
                </Typography>
              )}
            </Paper>
            <Paper variant="outlined" sx={{ p: 2 }} data-testid="objections">
              <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
                Objections and responses
              </Typography>
              {f.objections.length === 0 && (
                <Typography variant="body2" color="text.secondary">
                  The regulator raised no objection.
                </Typography>
              )}
              {f.objections.map((o) => (
                <Box key={o.seq} sx={{ mt: 1.5 }}>
                  <Typography variant="body2">
                    <b>Objection {o.seq}</b> {o.objectedOn && `(${formatLongDate(o.objectedOn)})`}: {o.objection}
                  </Typography>
                  {o.response && (
                    <Typography
                      variant="body2"
                      color="text.secondary"
                      sx={{ mt: 0.5, pl: 2, borderLeft: '3px solid', borderColor: 'divider' }}
                    >
                      <b>Response</b> {o.respondedOn && `(${formatLongDate(o.respondedOn)})`}: {o.response}
                    </Typography>
                  )}
                </Box>
              ))}
            </Paper>
          </Box>
          <Paper variant="outlined" sx={{ display: 'flex', minHeight: 360 }}>
            <List dense sx={{ width: 260, borderRight: '1px solid', borderColor: 'divider' }} aria-label="Documents">
              {f.documents.map((d) => (
                <ListItemButton key={d.id} selected={d.id === openDoc} onClick={() => onOpenDocument(d.id)}>
                  <ListItemText
                    primary={d.title}
                    secondary={`${d.kind} · ${d.pageCount} ${d.pageCount === 1 ? 'page' : 'pages'}`}
                  />
                </ListItemButton>
              ))}
            </List>
            <Box sx={{ flex: 1, p: 2, minWidth: 0 }}>
              {openDoc !== null && <DocumentPages id={openDoc} q={q} page={page} />}
            </Box>
          </Paper>
        </>
      )}
    </Stack>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

function DocumentPages({ id, q, page }: { id: number; q: string | undefined; page: number | null }) {
  const doc = useDocument(id, q);
  const target = useRef<HTMLDivElement>(null);
  // jsdom has no scrollIntoView.
  useEffect(() => {
    target.current?.scrollIntoView?.({ block: 'nearest' });
  }, [doc.data, page]);
  if (doc.isPending) return <CircularProgress size={24} />;
  if (doc.error || !doc.data) return <Alert severity="error">This document could not be loaded.</Alert>;
  const words = (q ?? '').split(/\s+/).filter((w) => !/^(or|and|not)$/i.test(w));
  return (
    <Stack spacing={2} data-testid="document-pages">
      {doc.data.pages.map((p) => (
        <Box
          key={p.number}
          ref={p.number === page ? target : undefined}
          data-testid={`page-${p.number}`}
          sx={{
            border: '1px solid',
            borderColor: p.number === page ? 'primary.main' : p.matches ? 'warning.light' : 'divider',
            borderRadius: 1,
            p: 1.5,
          }}
        >
          <Typography variant="caption" color="text.secondary">
            {doc.data.title} · page {p.number}
            {p.matches ? ' · matches your search' : ''}
          </Typography>
          <Typography
            variant="body2"
            component="pre"
            sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', m: 0, mt: 0.5 }}
          >
            <MarkWords text={p.text} words={words} />
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}
