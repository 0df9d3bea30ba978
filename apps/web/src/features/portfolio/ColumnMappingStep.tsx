import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { RECOGNISED_FIELDS, type ColumnMappingInput, type RecognisedField, type UploadCheck } from '@zview/contracts';
import { useState } from 'react';
import { useNotifications } from '../../ui/notifications';
import { saveMapping } from './api/mappings';

/** What each field means, in the analyst's words (issue 43). */
export const FIELD_NAMES: Record<RecognisedField, string> = {
  id: 'Reference (policy / location id)',
  address: 'Full address',
  street: 'Street address',
  city: 'City',
  state: 'State',
  zip: 'ZIP / postal code',
  country: 'Country',
  latitude: 'Latitude',
  longitude: 'Longitude',
  buildingTiv: 'Value / TIV (building)',
  contentsTiv: 'Contents TIV (OED)',
  biTiv: 'Business interruption TIV (OED)',
  otherTiv: 'Other TIV (OED)',
  occupancyCode: 'Occupancy',
  constructionCode: 'Construction',
  yearBuilt: 'Year built',
  roofCover: 'Roof cover',
  numberOfStoreys: 'Number of storeys',
  floorArea: 'Floor area',
};

const KEEP = '';

/** The mapping with `column` read as `field` ('' keeps it as it is); a field has one column. */
export function remap(mapping: ColumnMappingInput, column: string, field: RecognisedField | ''): ColumnMappingInput {
  const fields: ColumnMappingInput['fields'] = {};
  for (const [f, c] of Object.entries(mapping.fields) as [RecognisedField, string][])
    if (c !== column && f !== field) fields[f] = c;
  if (field) fields[field] = column;
  return { fields };
}

/**
 * The mapping step between upload and create: each column with its first values and the field it
 * is read as, changeable; the dry run re-runs with every change (the parent asks it), and the
 * mapping can be saved for next quarter's file.
 */
export function ColumnMappingStep({
  check,
  mapping,
  onChange,
}: {
  check: UploadCheck;
  mapping: ColumnMappingInput;
  onChange: (next: ColumnMappingInput) => void;
}) {
  const { notify } = useNotifications();
  const [name, setName] = useState(check.appliedMapping?.name ?? '');
  const fieldOf = new Map(Object.entries(mapping.fields).map(([field, column]) => [column, field as RecognisedField]));
  const columns = check.columns ?? [];
  const save = useMutation({
    mutationFn: () => saveMapping({ name: name.trim(), header: columns.map((c) => c.name), columnMapping: mapping }),
    onSuccess: (saved) =>
      notify({ text: `Mapping “${saved.name}” saved. Files with the same columns will use it.`, variant: 'success' }),
    onError: (error) => notify({ text: `The mapping could not be saved. ${error.message}`, variant: 'error' }),
  });
  const problems = check.mappingProblems ?? [];
  return (
    <Stack spacing={1.5} data-testid="column-mapping">
      {check.appliedMapping && (
        <Alert severity="info" data-testid="applied-mapping">
          Your saved mapping “{check.appliedMapping.name}” was applied: this file has the same columns.
        </Alert>
      )}
      {problems.map((problem) => (
        <Alert key={problem} severity="error" data-testid="mapping-problem">
          {problem}
        </Alert>
      ))}
      <Box sx={{ maxHeight: 360, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" stickyHeader aria-label="Column mapping">
          <TableHead>
            <TableRow>
              <TableCell>Column in your file</TableCell>
              <TableCell>First values</TableCell>
              <TableCell sx={{ width: 280 }}>Read as</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {columns.map((column) => (
              <TableRow key={column.name} data-testid="mapping-row" data-column={column.name}>
                <TableCell sx={{ fontWeight: 600 }}>{column.name}</TableCell>
                <TableCell sx={{ color: 'text.secondary', maxWidth: 320 }}>
                  <Typography variant="body2" noWrap title={column.samples.join(' · ')}>
                    {column.samples.slice(0, 3).join(' · ') || '—'}
                  </Typography>
                </TableCell>
                <TableCell>
                  <Select
                    size="small"
                    fullWidth
                    value={fieldOf.get(column.name) ?? KEEP}
                    displayEmpty
                    inputProps={{ 'aria-label': `Read ${column.name} as` }}
                    onChange={(event) =>
                      onChange(remap(mapping, column.name, event.target.value as RecognisedField | ''))
                    }
                  >
                    <MenuItem value={KEEP}>
                      <em>Keep as it is</em>
                    </MenuItem>
                    {RECOGNISED_FIELDS.map((field) => (
                      <MenuItem key={field} value={field}>
                        {FIELD_NAMES[field]}
                      </MenuItem>
                    ))}
                  </Select>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextField
          size="small"
          label="Mapping name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 120 } }}
          sx={{ width: 280 }}
        />
        <Button
          variant="outlined"
          onClick={() => save.mutate()}
          disabled={!name.trim() || problems.length > 0}
          loading={save.isPending}
        >
          Save mapping for files like this
        </Button>
      </Stack>
    </Stack>
  );
}
