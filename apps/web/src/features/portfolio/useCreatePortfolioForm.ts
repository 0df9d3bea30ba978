import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnMappingInput } from '@zview/contracts';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { track } from '../../api/analytics';
import { useSession } from '../../session/session';
import { useNotifications } from '../../ui/notifications';
import { useDebounced } from '../../ui/useDebounced';
import { checkPortfolioName } from './api/checkName';
import { checkUpload } from './api/checkUpload';
import { createPortfolio } from './api/create';
import { portfolioKeys } from './api/keys';
import { checkUploadWithMapping } from './api/mappings';
import { UploadCancelled, type UploadHandle, uploadPortfolioFile } from './api/upload';
import type { UploadState } from './FileDropZone';
import { enabledPortfolioProducts } from './model';

export const NAME_CHECK_DEBOUNCE_MS = 400;

/**
 * The file's upload: its progress, the stored name once done, cancel; a new file aborts the one
 * before, and leaving the page aborts what is still going.
 */
function useFileUpload(onStart: () => void) {
  const [upload, setUpload] = useState<UploadState>({ kind: 'idle' });
  const [uploadedName, setUploadedName] = useState<string | null>(null);
  const handle = useRef<UploadHandle | null>(null);
  useEffect(() => () => handle.current?.abort(), []);
  const startUpload = (file: File) => {
    handle.current?.abort();
    setUploadedName(null);
    onStart();
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
  return { upload, uploadedName, startUpload, cancelUpload };
}

/** The new-portfolio form's state: fields, the name and file checks, the upload, validation and the create call. */
export function useCreatePortfolioForm() {
  const session = useSession();
  const org = session.activeOrganization?.id ?? null;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { notify } = useNotifications();
  const products = enabledPortfolioProducts(session.enabledFeatures);

  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [chosen, setChosen] = useState<string[]>(() => (products.length === 1 ? [...products] : []));
  /** The person's own column mapping; null while the detected (or saved) one stands. */
  const [mapping, setMapping] = useState<ColumnMappingInput | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const { upload, uploadedName, startUpload, cancelUpload } = useFileUpload(() => setMapping(null));

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

  return {
    products,
    name,
    setName,
    description,
    setDescription,
    chosen,
    setChosen,
    upload,
    uploadedName,
    startUpload,
    cancelUpload,
    mapping,
    setMapping,
    trimmed,
    nameCheck,
    nameSettled,
    check,
    create,
    unusable,
    submit,
    show,
  };
}
