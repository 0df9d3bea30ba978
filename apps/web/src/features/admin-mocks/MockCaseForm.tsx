import {
  latLngToLngLat,
  MOCK_API_VERSIONS,
  PRODUCT_DISPLAY_NAMES,
  PRODUCT_KEYS,
  type MockCaseRequest,
} from '@zview/contracts';
import {
  Alert,
  Button,
  Checkbox,
  FormControlLabel,
  FormGroup,
  FormLabel,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';

export interface MockCaseFormProps {
  responses: { id: number; name: string }[];
  onSubmit(body: MockCaseRequest): Promise<unknown>;
}

const COORDINATES_ERROR = "Enter coordinates as 'lat,lng', e.g. '37.6922,-97.3361'.";

/**
 * A new mock case. Coordinates are typed 'lat,lng' and sent 'lng,lat' (SPEC §5).
 */
export function MockCaseForm({ responses, onSubmit }: MockCaseFormProps) {
  const [locationType, setLocationType] = useState<'address' | 'coordinates'>('address');
  const [location, setLocation] = useState('');
  const [products, setProducts] = useState<string[]>([]);
  const [mockResponseId, setMockResponseId] = useState<number | ''>('');
  const [apiVersion, setApiVersion] = useState<string>(MOCK_API_VERSIONS[0]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const swapped = locationType === 'coordinates' ? latLngToLngLat(location) : null;
  const locationError =
    locationType === 'coordinates' && location.trim() !== '' && swapped === null ? COORDINATES_ERROR : null;
  const ready = location.trim() !== '' && !locationError && products.length > 0 && mockResponseId !== '';

  async function submit() {
    if (!ready) return;
    setBusy(true);
    setError(null);
    try {
      await onSubmit({
        location: locationType === 'coordinates' ? swapped! : location.trim(),
        location_type: locationType,
        apiVersion: apiVersion as MockCaseRequest['apiVersion'],
        mockResponseId: mockResponseId as number,
        products,
      });
      setLocation('');
      setProducts([]);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2 }}
      component="form"
      aria-label="New mock case"
      onSubmit={(e: React.FormEvent) => (e.preventDefault(), void submit())}
    >
      <Typography variant="subtitle1" sx={{ fontWeight: 700, mb: 1.5 }}>
        New mock case
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mb: 1.5 }}>
          {error}
        </Alert>
      )}
      <Stack spacing={2}>
        <Stack direction="row" spacing={1.5}>
          <TextField
            select
            size="small"
            label="Location type"
            value={locationType}
            onChange={(e) => setLocationType(e.target.value as typeof locationType)}
            sx={{ width: 170 }}
          >
            <MenuItem value="address">Address</MenuItem>
            <MenuItem value="coordinates">Coordinates</MenuItem>
          </TextField>
          <TextField
            size="small"
            required
            label={locationType === 'coordinates' ? 'Coordinates (lat,lng)' : 'Address'}
            value={location}
            onChange={(e) => setLocation(e.target.value)}
            error={locationError !== null}
            helperText={locationError ?? (swapped ? `Sent as ${swapped} (lng,lat)` : ' ')}
            sx={{ flex: 1 }}
          />
          <TextField
            select
            size="small"
            label="API version"
            value={apiVersion}
            onChange={(e) => setApiVersion(e.target.value)}
            sx={{ width: 130 }}
          >
            {MOCK_API_VERSIONS.map((v) => (
              <MenuItem key={v} value={v}>
                {v}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            required
            label="Mock response"
            value={mockResponseId}
            onChange={(e) => setMockResponseId(Number(e.target.value))}
            sx={{ width: 260 }}
          >
            {responses.map((r) => (
              <MenuItem key={r.id} value={r.id}>
                {r.name}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <div>
          <FormLabel component="legend">Products</FormLabel>
          <FormGroup row>
            {PRODUCT_KEYS.map((key) => (
              <FormControlLabel
                key={key}
                label={key === 'zfire|prefill' ? 'Z-FIRE (prefill)' : PRODUCT_DISPLAY_NAMES[key]}
                control={
                  <Checkbox
                    size="small"
                    checked={products.includes(key)}
                    onChange={(e) =>
                      setProducts(e.target.checked ? [...products, key] : products.filter((p) => p !== key))
                    }
                  />
                }
              />
            ))}
          </FormGroup>
        </div>
        <div>
          <Button type="submit" variant="contained" disabled={!ready || busy}>
            Add mock case
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}
