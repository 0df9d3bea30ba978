import { PRODUCT_DISPLAY_NAMES, isProductKey, type MockCase } from '@zview/contracts';
import { Box, Button, Chip, Paper, Stack, Tab, TableCell, TableRow, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { useConfirm } from '../../ui/ConfirmDialog';
import { useNotifications } from '../../ui/notifications';
import { useCreateMockCase, useDeleteMockCase, useMockCases } from './api/cases';
import { fetchMockResponse, useDeleteMockResponse, useMockResponses } from './api/responses';
import { MockCaseForm } from './MockCaseForm';
import { MockResponseEditor, type EditedResponse } from './MockResponseEditor';
import { QueryTable } from '../../ui/QueryTable';

const productName = (key: string) => (isProductKey(key) ? PRODUCT_DISPLAY_NAMES[key] : key);

/** /admin/mocks-management: mock cases (which lookups answer a mock) and mock responses (the answers). */
export default function MocksManagementPage() {
  const [tab, setTab] = useState<'cases' | 'responses'>('cases');
  return (
    <Box sx={{ px: 4, py: 3, maxWidth: 1360, mx: 'auto', width: '100%' }}>
      <Typography variant="h4" component="h1" sx={{ mb: 0.5 }}>
        Mocks management
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        A property-view lookup that matches a mock case answers its mock response instead of the models, marked as mock
        and not billed.
      </Typography>
      <Paper variant="outlined">
        <Tabs
          value={tab}
          onChange={(_e, v: typeof tab) => setTab(v)}
          aria-label="Mocks"
          sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab value="cases" label="Mock cases" />
          <Tab value="responses" label="Mock responses" />
        </Tabs>
        <Box sx={{ p: 3 }}>{tab === 'cases' ? <CasesPanel /> : <ResponsesPanel />}</Box>
      </Paper>
    </Box>
  );
}

function CasesPanel() {
  const cases = useMockCases();
  const responses = useMockResponses();
  const create = useCreateMockCase();
  const remove = useDeleteMockCase();
  const confirm = useConfirm();
  const { notify } = useNotifications();

  async function removeCase(mock: MockCase) {
    const ok = await confirm({
      title: 'Delete mock case',
      message: `Lookups of ${mock.location} will be scored by the models again.`,
      confirmLabel: 'Delete',
      destructive: true,
    });
    if (ok)
      remove.mutate(mock, {
        onSuccess: () => notify({ text: 'Mock case deleted.', variant: 'success' }),
        onError: (e) => notify({ text: e.message, variant: 'error' }),
      });
  }

  return (
    <Stack spacing={3}>
      <MockCaseForm
        responses={responses.data ?? []}
        onSubmit={(body) =>
          create.mutateAsync(body).then(() => notify({ text: 'Mock case added.', variant: 'success' }))
        }
      />
      <QueryTable
        query={cases}
        what="The mock cases"
        label="Mock cases"
        columns={['Location', 'Type', 'API version', 'Products', 'Mock response', '']}
        empty="No mock cases yet."
        rows={(list) => list}
      >
        {(mock) => (
          <TableRow
            key={`${mock.mockResponseId}|${mock.location}|${mock.location_type}|${mock.apiVersion}|${mock.products.join(',')}`}
          >
            <TableCell>{mock.location}</TableCell>
            <TableCell>{mock.location_type === 'coordinates' ? 'Coordinates (lng,lat)' : 'Address'}</TableCell>
            <TableCell>{mock.apiVersion}</TableCell>
            <TableCell>
              <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
                {mock.products.map((p) => (
                  <Chip key={p} size="small" variant="outlined" label={productName(p)} />
                ))}
              </Stack>
            </TableCell>
            <TableCell>{mock.mockResponseName}</TableCell>
            <TableCell align="right">
              <Button
                size="small"
                color="error"
                onClick={() => void removeCase(mock)}
                aria-label={`Delete mock case ${mock.location}`}
              >
                Delete
              </Button>
            </TableCell>
          </TableRow>
        )}
      </QueryTable>
    </Stack>
  );
}

function ResponsesPanel() {
  const responses = useMockResponses();
  const remove = useDeleteMockResponse();
  const confirm = useConfirm();
  const { notify } = useNotifications();
  const [editing, setEditing] = useState<EditedResponse | null | undefined>(undefined);

  async function edit(id: number) {
    try {
      const response = await fetchMockResponse(id);
      setEditing({ id, name: response.name, payload: response.payload });
    } catch (e) {
      notify({ text: (e as Error).message, variant: 'error' });
    }
  }

  async function removeResponse(response: { id: number; name: string; caseCount: number }) {
    const ok = await confirm({
      title: 'Delete mock response',
      message: `${response.name} and its ${response.caseCount} mock case${response.caseCount === 1 ? '' : 's'} will be deleted.`,
      confirmLabel: 'Delete',
      destructive: true,
    });
    if (ok)
      remove.mutate(response.id, {
        onSuccess: () => notify({ text: 'Mock response deleted.', variant: 'success' }),
        onError: (e) => notify({ text: e.message, variant: 'error' }),
      });
  }

  return (
    <Stack spacing={2}>
      <div>
        <Button variant="contained" onClick={() => setEditing(null)}>
          New mock response
        </Button>
      </div>
      <QueryTable
        query={responses}
        what="The mock responses"
        label="Mock responses"
        columns={['Name', 'Cases', 'Updated', '']}
        empty="No mock responses yet."
        rows={(list) => list}
      >
        {(response) => (
          <TableRow key={response.id}>
            <TableCell>{response.name}</TableCell>
            <TableCell>{response.caseCount}</TableCell>
            <TableCell>
              {new Date(response.updatedAt).toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short' })}
            </TableCell>
            <TableCell align="right">
              <Button size="small" onClick={() => void edit(response.id)}>
                Edit
              </Button>
              <Button
                size="small"
                color="error"
                onClick={() => void removeResponse(response)}
                aria-label={`Delete mock response ${response.name}`}
              >
                Delete
              </Button>
            </TableCell>
          </TableRow>
        )}
      </QueryTable>
      {editing !== undefined && <MockResponseEditor initial={editing} onClose={() => setEditing(undefined)} />}
    </Stack>
  );
}
