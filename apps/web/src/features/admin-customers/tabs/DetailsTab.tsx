import type { Customer } from '@zview/contracts';
import { Alert, Button, Checkbox, FormControlLabel, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useNotifications } from '../../../ui/notifications';
import { useUpdateCustomer } from '../api/customer';

/** The customer's details: name, contact, account manager, notes, trial. */
export function DetailsTab({ customer }: { customer: Customer }) {
  const update = useUpdateCustomer(customer.id);
  const { notify } = useNotifications();
  const [form, setForm] = useState({
    name: customer.name,
    contactEmail: customer.contactEmail ?? '',
    accountManager: customer.accountManager ?? '',
    notes: customer.notes ?? '',
    isTrial: customer.isTrial,
  });
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm({ ...form, [key]: event.target.value });

  function save() {
    update.mutate(
      {
        name: form.name.trim(),
        contactEmail: form.contactEmail.trim() || null,
        accountManager: form.accountManager.trim() || null,
        notes: form.notes.trim() || null,
        isTrial: form.isTrial,
      },
      { onSuccess: () => notify({ text: 'Customer details saved.', variant: 'success' }) },
    );
  }

  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      {update.isError && <Alert severity="error">{update.error.message}</Alert>}
      <TextField label="Name" required value={form.name} onChange={set('name')} />
      <TextField label="Contact email" type="email" value={form.contactEmail} onChange={set('contactEmail')} />
      <TextField label="Account manager" value={form.accountManager} onChange={set('accountManager')} />
      <TextField label="Notes" value={form.notes} onChange={set('notes')} multiline minRows={3} />
      <FormControlLabel
        control={<Checkbox checked={form.isTrial} onChange={(e) => setForm({ ...form, isTrial: e.target.checked })} />}
        label="Trial organisation (no user management)"
      />
      <div>
        <Button variant="contained" onClick={save} disabled={!form.name.trim() || update.isPending}>
          Save details
        </Button>
      </div>
    </Stack>
  );
}
