import { profileSchema, userFieldMessage, type UserProfile } from '@zview/contracts';
import { Alert, Box, Button, Divider, Paper, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useSession } from '../../session/session';
import { useNotifications } from '../../ui/notifications';
import { useMe, useRequestPasswordReset, useUpdateMe } from './api/me';

type Errors = Partial<Record<keyof UserProfile, string>>;

function ProfileForm({ initial, onDone }: { initial: UserProfile; onDone: () => void }) {
  const update = useUpdateMe();
  const { updateProfile } = useSession();
  const { notify } = useNotifications();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = profileSchema.safeParse(values);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof UserProfile] ??= userFieldMessage(issue);
      setErrors(found);
      return;
    }
    update.mutate(
      { profile: parsed.data },
      {
        onSuccess: () => {
          updateProfile(parsed.data);
          notify({ text: 'Your profile was updated.', variant: 'success' });
          onDone();
        },
      },
    );
  }

  const field = (name: keyof UserProfile, label: string) => (
    <TextField
      label={label}
      required
      fullWidth
      value={values[name]}
      onChange={(event) => {
        setValues((current) => ({ ...current, [name]: event.target.value }));
        setErrors((current) => ({ ...current, [name]: undefined }));
      }}
      error={Boolean(errors[name])}
      helperText={errors[name]}
    />
  );

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.5}>
      {update.isError && <Alert severity="error">Your profile could not be saved. {update.error.message}</Alert>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {field('firstName', 'First name')}
        {field('lastName', 'Last name')}
      </Stack>
      <Stack direction="row" spacing={1.5} justifyContent="flex-end">
        <Button onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={update.isPending}>
          Save
        </Button>
      </Stack>
    </Stack>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Stack direction="row" spacing={2} sx={{ py: 0.75 }}>
      <Typography color="text.secondary" sx={{ width: 140, flexShrink: 0 }}>
        {label}
      </Typography>
      <Typography>{value || '—'}</Typography>
    </Stack>
  );
}

/** /profile (Account Settings): the user's name, and a password reset by email. */
export default function ProfilePage() {
  const session = useSession();
  const readOnly = session.identityProvider === 'SSO';
  const me = useMe();
  const reset = useRequestPasswordReset();
  const { notify } = useNotifications();
  const [editing, setEditing] = useState(false);

  function requestReset() {
    reset.mutate(undefined, {
      onSuccess: () =>
        notify({
          text: `A password reset link was sent to ${me.data?.email ?? session.user.email}.`,
          variant: 'success',
        }),
      onError: (error) =>
        notify({ text: `The password reset email could not be sent. ${error.message}`, variant: 'error' }),
    });
  }

  return (
    <Box sx={{ p: 4, maxWidth: 720, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 3 }}>
        Account Settings
      </Typography>
      {readOnly && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Your account is managed by your organisation&apos;s single sign-on provider, so it is read-only here.
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mb: 2 }}>
          <Typography variant="h6" component="h2">
            Profile
          </Typography>
          {!readOnly && !editing && me.isSuccess && (
            <Button variant="outlined" onClick={() => setEditing(true)}>
              Edit
            </Button>
          )}
        </Stack>
        {me.isPending && <Skeleton variant="rounded" height={96} />}
        {me.isError && <Alert severity="error">Your profile could not be loaded. {me.error.message}</Alert>}
        {me.isSuccess &&
          (editing ? (
            <ProfileForm initial={me.data.profile} onDone={() => setEditing(false)} />
          ) : (
            <>
              <Row label="First name" value={me.data.profile.firstName} />
              <Row label="Last name" value={me.data.profile.lastName} />
              <Row label="Email" value={me.data.email} />
            </>
          ))}

        {!readOnly && (
          <>
            <Divider sx={{ my: 3 }} />
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              Password
            </Typography>
            <Stack direction="row" justifyContent="space-between" alignItems="center" spacing={2}>
              <Typography color="text.secondary">We will email you a link to set a new password.</Typography>
              <Button variant="outlined" onClick={requestReset} loading={reset.isPending}>
                Reset password
              </Button>
            </Stack>
          </>
        )}
      </Paper>
    </Box>
  );
}
