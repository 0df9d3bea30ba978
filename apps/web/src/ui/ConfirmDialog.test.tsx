import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, useConfirm, type ConfirmOptions } from './ConfirmDialog';
import { ModalProvider } from './modals';

function Asker({
  options,
  onResult,
  onValue,
}: {
  options: ConfirmOptions;
  onResult: (value: boolean) => void;
  onValue?: (value: string) => void;
}) {
  const confirm = useConfirm();
  return <button onClick={() => void confirm({ ...options, onValue }).then(onResult)}>ask</button>;
}

function setup(options: ConfirmOptions, onValue?: (value: string) => void) {
  const onResult = vi.fn();
  render(
    <ModalProvider>
      <Asker options={options} onResult={onResult} onValue={onValue} />
    </ModalProvider>,
  );
  return onResult;
}

describe('ConfirmDialog', () => {
  it('is 590px wide with the default labels Confirm and Cancel', () => {
    render(
      <ConfirmDialog
        open
        title="Delete portfolio?"
        message="This cannot be undone."
        onConfirm={() => {}}
        onCancel={() => {}}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Delete portfolio?' })).toBeInTheDocument();
    expect(screen.getByTestId('confirm-dialog')).toHaveStyle({ width: '590px' });
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(screen.getByText('This cannot be undone.')).toBeInTheDocument();
  });

  it('resolves true on confirm', async () => {
    const user = userEvent.setup();
    const onResult = setup({ title: 'Rerun?', confirmLabel: 'Rerun' });
    await user.click(screen.getByText('ask'));
    await user.click(screen.getByRole('button', { name: 'Rerun' }));
    await waitFor(() => expect(onResult).toHaveBeenCalledWith(true));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('resolves false on cancel and on close', async () => {
    const user = userEvent.setup();
    const onResult = setup({ title: 'Leave?' });
    await user.click(screen.getByText('ask'));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(onResult).toHaveBeenLastCalledWith(false));

    await user.click(screen.getByText('ask'));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(onResult).toHaveBeenCalledTimes(2));
    expect(onResult).toHaveBeenLastCalledWith(false);
  });

  it('keeps confirm disabled while a required input is blank after trimming', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    const onResult = setup({ title: 'Rename portfolio', input: { label: 'New name', required: true } }, onValue);
    await user.click(screen.getByText('ask'));
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    expect(confirm).toBeDisabled();
    await user.type(screen.getByLabelText(/New name/), '   ');
    expect(confirm).toBeDisabled();
    await user.type(screen.getByLabelText(/New name/), ' Coastal book ');
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    await waitFor(() => expect(onResult).toHaveBeenCalledWith(true));
    expect(onValue).toHaveBeenCalledWith('Coastal book');
  });

  it('allows an optional input to stay empty', () => {
    render(<ConfirmDialog open title="Note" input={{ label: 'Comment' }} onConfirm={() => {}} onCancel={() => {}} />);
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeEnabled();
  });
});
