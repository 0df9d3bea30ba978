import type { AppealFeature, ManualInputs } from '@zview/contracts';
import type React from 'react';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { formatValue, humanize, inputProblem, parseControlValue, withUnit } from '../model';

export interface FeatureEditorProps {
  features: AppealFeature[];
  /** What the user typed per feature ('' = unchanged). */
  raw: Record<string, string>;
  onChange: (key: string, raw: string, value: ManualInputs[string] | undefined) => void;
  disabled?: boolean;
}

/** The model's features with the values it uses now, and a control per feature to correct it. */
export function FeatureEditor({ features, raw, onChange, disabled }: FeatureEditorProps) {
  return (
    <Table size="small" aria-label="Model features">
      <TableHead>
        <TableRow>
          <TableCell>Feature</TableCell>
          <TableCell>Current value</TableCell>
          <TableCell sx={{ width: 220 }}>Corrected value</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {features.map((feature) => {
          const text = raw[feature.key] ?? '';
          const value = parseControlValue(feature, text);
          const problem = inputProblem(feature, value, text);
          const label = `${feature.name} corrected value`;
          const current = feature.published ?? feature.current;
          return (
            <TableRow key={feature.key} data-testid={`feature-${feature.key}`} selected={text !== ''}>
              <TableCell sx={{ fontWeight: 600 }}>{feature.name}</TableCell>
              <TableCell>
                {formatValue(current, feature.unit)}
                {feature.published !== null && <span title="Set by a published appeal"> (appealed)</span>}
              </TableCell>
              <TableCell>
                {feature.domain.kind === 'number' ? (
                  <TextField
                    size="small"
                    type="number"
                    fullWidth
                    disabled={disabled}
                    value={text}
                    placeholder={withUnit(`${feature.domain.min}–${feature.domain.max}`, feature.unit)}
                    onChange={(event) =>
                      onChange(feature.key, event.target.value, parseControlValue(feature, event.target.value))
                    }
                    error={problem !== null}
                    helperText={problem ?? undefined}
                    slotProps={{
                      htmlInput: {
                        'aria-label': label,
                        min: feature.domain.min,
                        max: feature.domain.max,
                        step: feature.domain.integer ? 1 : 'any',
                      },
                    }}
                  />
                ) : (
                  <TextField
                    select
                    size="small"
                    fullWidth
                    disabled={disabled}
                    value={text}
                    onChange={(event) =>
                      onChange(feature.key, event.target.value, parseControlValue(feature, event.target.value))
                    }
                    slotProps={{
                      select: {
                        displayEmpty: true,
                        SelectDisplayProps: { 'aria-label': label } as React.HTMLAttributes<HTMLDivElement>,
                      },
                    }}
                  >
                    <MenuItem value="">
                      <em>No change</em>
                    </MenuItem>
                    {(feature.domain.kind === 'category' ? feature.domain.values : ['true', 'false']).map((option) => (
                      <MenuItem key={option} value={option}>
                        {feature.domain.kind === 'boolean' ? (option === 'true' ? 'Yes' : 'No') : humanize(option)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
