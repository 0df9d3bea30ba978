import {
  ORGANIZATION_ROLES,
  ORGANIZATION_ROLE_LABELS,
  userFieldMessage,
  type OrganizationRole,
} from '@zview/contracts';
import { Alert, Box, Button, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { ZodType } from 'zod';

export interface MemberFormValues {
  email: string;
  firstName: string;
  lastName: string;
  role: OrganizationRole;
}
type FieldErrors = Partial<Record<keyof MemberFormValues, string>>;

/** The first message of each field the schema refuses, keyed by the field's name. */
function fieldErrors(schema: ZodType, input: unknown): FieldErrors {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.at(-1) as keyof MemberFormValues | undefined;
    if (field && !errors[field]) errors[field] = userFieldMessage(issue);
  }
  return errors;
}

export interface MemberFormProps<T> {
  title: string;
  intro?: ReactNode;
  initial: MemberFormValues;
  /** The email cannot change once the member exists. */
  emailLocked?: boolean;
  submitLabel: string;
  /** Builds the request body from the form values; the schema validates it. */
  toRequest: (values: MemberFormValues) => unknown;
  schema: ZodType<T>;
  onSubmit: (request: T) => Promise<unknown>;
  busy: boolean;
  serverError?: string;
}

/** Add and edit member form: fields validated with the request's contract schema. */
export function MemberForm<T>({
  title,
  intro,
  initial,
  emailLocked,
  submitLabel,
  toRequest,
  schema,
  onSubmit,
  busy,
  serverError,
}: MemberFormProps<T>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (field: keyof MemberFormValues) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const request = toRequest(values);
    const found = fieldErrors(schema, request);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    void onSubmit(schema.parse(request)).catch(() => undefined);
  }

  return (
    <Box sx={{ p: 4, maxWidth: 640, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      {intro && (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {intro}
        </Typography>
      )}
      <Paper variant="outlined" component="form" noValidate onSubmit={submit} sx={{ p: 3 }}>
        <Stack spacing={2.5}>
          {serverError && <Alert severity="error">{serverError}</Alert>}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label="First name"
              required
              fullWidth
              value={values.firstName}
              onChange={set('firstName')}
              error={Boolean(errors.firstName)}
              helperText={errors.firstName}
            />
            <TextField
              label="Last name"
              required
              fullWidth
              value={values.lastName}
              onChange={set('lastName')}
              error={Boolean(errors.lastName)}
              helperText={errors.lastName}
            />
          </Stack>
          <TextField
            label="Email"
            type="email"
            required={!emailLocked}
            disabled={emailLocked}
            fullWidth
            value={values.email}
            onChange={set('email')}
            error={Boolean(errors.email)}
            helperText={errors.email}
          />
          <TextField
            select
            label="Role"
            required
            fullWidth
            value={values.role}
            onChange={set('role')}
            error={Boolean(errors.role)}
            helperText={errors.role}
          >
            {ORGANIZATION_ROLES.map((role) => (
              <MenuItem key={role} value={role}>
                {ORGANIZATION_ROLE_LABELS[role]}
              </MenuItem>
            ))}
          </TextField>
          <Stack direction="row" spacing={1.5} justifyContent="flex-end">
            <Button component={RouterLink} to="/team">
              Cancel
            </Button>
            <Button type="submit" variant="contained" loading={busy}>
              {submitLabel}
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </Box>
  );
}
