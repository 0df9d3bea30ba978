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
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnMappingInput } from '@zview/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useSession } from '../../session/session';
import { FormField } from '../../ui/FormField';
import { useNotifications } from '../../ui/notifications';
import { checkPortfolioName } from './api/checkName';
import { checkUpload } from './api/checkUpload';
import { checkUploadWithMapping } from './api/mappings';
import { ColumnMappingStep } from './ColumnMappingStep';
import { createPortfolio } from './api/create';
import { portfolioKeys } from './api/keys';
import { UploadCancelled, type UploadHandle, uploadPortfolioFile } from './api/upload';
import { PortfolioSubpage } from './components';
import { FileDropZone, type UploadState } from './FileDropZone';
import { enabledPortfolioProducts, productName } from './model';
import { UploadSummary } from './UploadSummary';
import { useDebounced } from '../../ui/useDebounced';
import { track } from '../../api/analytics';

export const NAME_CHECK_DEBOUNCE_MS = 400;

export default function CreatePortfolioPage() {
  const session = useSession();
  const org = session.activeOrganization?.id ?? null;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { notify } = useNotifications();
  const products = enabledPortfolioProducts(session.enabledFeatures);

  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [chosen, setChosen] = useState<string[]>(() => (products.length === 1 ? [...products] : []));
  const [upload, setUpload] = useState<UploadState>({ kind: 'idle' });
  const [uploadedName, setUploadedName] = useState<string | null>(null);
  /** The person's own column mapping; null while the detected (or saved) one stands. */
  const [mapping, setMapping] = useState<ColumnMappingInput | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const handle = useRef<UploadHandle | null>(null);
  useEffect(() => () => handle.current?.abort(), []);

  const trimmed = name.trim();
  const debouncedName = useDebounced(trimmed, NAME_CHECK_DEBOUNCE_MS);
  const nameCheck = useQuery({
    queryKey: ['portfolio', org, 'name', debouncedName],
    queryFn: ({ signal }) => checkPortfolioName(org!, debouncedName, signal),
    enabled: Boolean(debouncedName) && org !== null,
    retry: false,
    staleTime: 5000,
  });
  const nameSettled = debouncedName === trimmed && !nameCheck.isFetching;
  const nameTaken = nameSettled && nameCheck.data?.available === false;

  const check = useQuery({
    queryKey: ['portfolio', org, 'upload-check', uploadedName, mapping],
    queryFn: ({ signal }) =>
      mapping ? checkUploadWithMapping(uploadedName!, mapping, signal) : checkUpload(uploadedName!, signal),
    enabled: uploadedName !== null,
    retry: false,
    staleTime: Infinity,
    // The mapping table stays while the dry run re-runs with a changed mapping.
    placeholderData: (previous, query) =>
      query?.queryKey[3] === uploadedName ? keepPreviousData(previous) : undefined,
  });

  const startUpload = (file: File) => {
    handle.current?.abort();
    setUploadedName(null);
    setMapping(null);
    setUpload({ kind: 'uploading', file, fraction: 0 });
    const current = uploadPortfolioFile(file, (fraction) =>
      setUpload((state) => (state.kind === 'uploading' && state.file === file ? { ...state, fraction } : state)),
    );
    handle.current = current;
    current.promise.then(
      (result) => {
        if (handle.current !== current) return;
        handle.current = null;
        setUpload({ kind: 'uploaded', file });
        setUploadedName(result.uploadedFileName);
      },
      (error: unknown) => {
        if (handle.current !== current) return;
        handle.current = null;
        if (error instanceof UploadCancelled) setUpload({ kind: 'idle' });
        else
          setUpload({ kind: 'failed', file, message: error instanceof Error ? error.message : 'The upload failed.' });
      },
    );
  };

  const cancelUpload = () => handle.current?.abort();

  const create = useMutation({
    mutationFn: () =>
      createPortfolio({
        name: trimmed,
        description: description.trim(),
        portfolioType: '',
        products: chosen.join(','),
        uploadedFileName: uploadedName!,
        assignedOrganizationId: org ?? undefined,
        ...(mapping ? { columnMapping: mapping } : {}),
      }),
    onSuccess: async () => {
      track('portfolio_uploaded', { products: chosen, file_name: uploadedName });
      notify({ text: `“${trimmed}” was created. Scoring has started.`, variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: portfolioKeys.all(org) });
      void navigate('/zportfolio');
    },
    onError: (error) =>
      notify({
        text: error instanceof Error ? error.message : 'The portfolio could not be created.',
        variant: 'error',
      }),
  });

  const errors = {
    name: !trimmed
      ? 'Give the portfolio a name.'
      : nameTaken
        ? (nameCheck.data?.message ?? 'A portfolio with this name already exists.')
        : undefined,
    products: chosen.length === 0 ? 'Choose at least one product.' : undefined,
    file:
      uploadedName === null
        ? upload.kind === 'uploading'
          ? 'Wait for the upload to finish.'
          : 'Upload a file first.'
        : undefined,
  };
  const unusable = check.data?.usableRows === 0 || Boolean(check.data?.mappingProblems?.length);
  const canSubmit = !errors.name && !errors.products && !errors.file && nameSettled && !check.isPending && !unusable;

  const submit = () => {
    setSubmitted(true);
    if (canSubmit) create.mutate();
  };

  const show = (field: keyof typeof errors) =>
    submitted || (field === 'name' && nameTaken) ? errors[field] : undefined;

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
            submit();
          }}
        >
          <FormField
            label="Name"
            htmlFor="portfolio-name"
            required
            error={show('name')}
            hint={trimmed && nameSettled && nameCheck.data?.available ? 'This name is available.' : undefined}
          >
            <TextField
              id="portfolio-name"
              size="small"
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={Boolean(show('name'))}
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
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              slotProps={{ htmlInput: { maxLength: 2000 } }}
            />
          </FormField>
          <FormField label="Products" htmlFor="portfolio-products" required error={show('products')}>
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
          <FormField label="File" htmlFor="portfolio-file" required error={show('file')}>
            <FileDropZone state={upload} onFile={startUpload} onCancel={cancelUpload} invalid={Boolean(show('file'))} />
          </FormField>
          {uploadedName && (
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
          )}
          {uploadedName && check.data?.columns && check.data.mapping && (
            <Box>
              <Typography variant="subtitle1" sx={{ fontWeight: 700, mb: 0.5 }}>
                Columns
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
                Check what each column is read as, and change any of them. The reference is shown in every list, error
                and export.
              </Typography>
              <ColumnMappingStep
                key={uploadedName}
                check={check.data}
                mapping={mapping ?? check.data.mapping}
                onChange={setMapping}
              />
            </Box>
          )}
          <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end', pt: 1 }}>
            <Button component={RouterLink} to="/zportfolio" color="inherit">
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={create.isPending || unusable}>
              {create.isPending ? 'Creating…' : 'Create portfolio'}
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </PortfolioSubpage>
  );
}
