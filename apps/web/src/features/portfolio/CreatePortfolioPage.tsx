import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { FormField } from '../../ui/FormField';
import { ColumnMappingStep } from './ColumnMappingStep';
import { PortfolioSubpage } from './components';
import { FileDropZone } from './FileDropZone';
import { productName } from './model';
import { UploadSummary } from './UploadSummary';
import { useCreatePortfolioForm } from './useCreatePortfolioForm';

type Form = ReturnType<typeof useCreatePortfolioForm>;

export default function CreatePortfolioPage() {
  const form = useCreatePortfolioForm();
  return (
    <PortfolioSubpage maxWidth={920}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 3 }}>
        New portfolio
      </Typography>
      <Paper variant="outlined" sx={{ p: 4 }}>
        <Stack
          spacing={3}
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            form.submit();
          }}
        >
          <NameField form={form} />
          <FormField
            label="Description"
            htmlFor="portfolio-description"
            hint="Optional. Helps your team recognise the portfolio."
          >
            <TextField
              id="portfolio-description"
              size="small"
              multiline
              minRows={2}
              value={form.description}
              onChange={(event) => form.setDescription(event.target.value)}
              slotProps={{ htmlInput: { maxLength: 2000 } }}
            />
          </FormField>
          <ProductChoices form={form} />
          <FormField label="File" htmlFor="portfolio-file" required error={form.show('file')}>
            <FileDropZone
              state={form.upload}
              onFile={form.startUpload}
              onCancel={form.cancelUpload}
              invalid={Boolean(form.show('file'))}
            />
          </FormField>
          <FileFindings form={form} />
          <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end', pt: 1 }}>
            <Button component={RouterLink} to="/zportfolio" color="inherit">
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={form.create.isPending || form.unusable}>
              {form.create.isPending ? 'Creating…' : 'Create portfolio'}
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </PortfolioSubpage>
  );
}

function NameField({ form }: { form: Form }) {
  const { trimmed, nameSettled, nameCheck } = form;
  return (
    <FormField
      label="Name"
      htmlFor="portfolio-name"
      required
      error={form.show('name')}
      hint={trimmed && nameSettled && nameCheck.data?.available ? 'This name is available.' : undefined}
    >
      <TextField
        id="portfolio-name"
        size="small"
        value={form.name}
        onChange={(event) => form.setName(event.target.value)}
        error={Boolean(form.show('name'))}
        placeholder="e.g. Q4 renewals — California"
        slotProps={{
          htmlInput: { maxLength: 200, 'aria-describedby': 'portfolio-name-message' },
          input: {
            endAdornment:
              trimmed && !nameSettled ? <CircularProgress size={16} aria-label="Checking the name" /> : undefined,
          },
        }}
      />
    </FormField>
  );
}

function ProductChoices({ form }: { form: Form }) {
  const { products, chosen, setChosen } = form;
  return (
    <FormField label="Products" htmlFor="portfolio-products" required error={form.show('products')}>
      {products.length ? (
        <FormGroup row id="portfolio-products" data-testid="product-choices">
          {products.map((product) => (
            <FormControlLabel
              key={product}
              label={productName(product)}
              control={
                <Checkbox
                  checked={chosen.includes(product)}
                  onChange={(event) =>
                    setChosen((current) =>
                      event.target.checked
                        ? products.filter((p) => p === product || current.includes(p))
                        : current.filter((p) => p !== product),
                    )
                  }
                />
              }
            />
          ))}
        </FormGroup>
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Your organisation has no portfolio products enabled.
        </Typography>
      )}
    </FormField>
  );
}

/** What the dry run found in the uploaded file, and its columns to check or remap. */
function FileFindings({ form }: { form: Form }) {
  const { uploadedName, check, mapping } = form;
  if (!uploadedName) return null;
  return (
    <>
      <Box>
        <Typography variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
          What we found in the file
        </Typography>
        {check.isError ? (
          <Typography variant="body2" sx={{ color: 'error.main' }}>
            The file could not be checked: {check.error.message}
          </Typography>
        ) : (
          <UploadSummary check={check.data} loading={check.isPending} />
        )}
      </Box>
      {check.data?.columns && check.data.mapping && (
        <Box>
          <Typography variant="subtitle1" sx={{ fontWeight: 700, mb: 0.5 }}>
            Columns
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
            Check what each column is read as, and change any of them. The reference is shown in every list, error and
            export.
          </Typography>
          <ColumnMappingStep
            key={uploadedName}
            check={check.data}
            mapping={mapping ?? check.data.mapping}
            onChange={form.setMapping}
          />
        </Box>
      )}
    </>
  );
}
