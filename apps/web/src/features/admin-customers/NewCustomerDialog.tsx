import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useCreateCustomer } from './api/customer';

/** Creates a customer (name required; products are switched on afterwards, on its page). */
export function NewCustomerDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose(): void;
  onCreated(id: number): void;
}) {
  const create = useCreateCustomer();
  const [name, setName] = useState('');
  const [contactEmail, setContactEmail] = useState('');
  const [isTrial, setIsTrial] = useState(false);

  function submit() {
    create.mutate(
      { name: name.trim(), contactEmail: contactEmail.trim() || null, isTrial },
      {
        onSuccess: (customer) => {
          onClose();
          onCreated(customer.id);
        },
      },
    );
  }

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>New customer</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {create.isError && <Alert severity="error">{create.error.message}</Alert>}
          <TextField label="Name" required value={name} onChange={(e) => setName(e.target.value)} autoFocus />
          <TextField
            label="Contact email"
            type="email"
            value={contactEmail}
            onChange={(e) => setContactEmail(e.target.value)}
          />
          <FormControlLabel
            control={<Checkbox checked={isTrial} onChange={(e) => setIsTrial(e.target.checked)} />}
            label="Trial organisation"
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={!name.trim() || create.isPending}>
          Create
        </Button>
      </DialogActions>
    </Dialog>
  );
}
