import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ModalProvider, registerModal, useModals, type ModalControlProps } from './modals';

function Greeting({ name, open, onClose }: { name: string } & ModalControlProps) {
  return open ? (
    <div role="dialog">
      Hello {name}
      <button onClick={onClose}>close</button>
    </div>
  ) : null;
}
registerModal('greeting', Greeting);

let modals!: ReturnType<typeof useModals>;
function Capture() {
  modals = useModals();
  return null;
}

describe('the modal registry', () => {
  it('shows a registered modal with props, updates and hides it by id', () => {
    render(
      <ModalProvider>
        <Capture />
      </ModalProvider>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => modals.show('greeting', { name: 'Ada' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Hello Ada');
    expect(modals.isOpen('greeting')).toBe(true);
    act(() => modals.update('greeting', { name: 'Grace' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Hello Grace');
    act(() => modals.hide('greeting'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // the modal's own onClose hides it too
    act(() => modals.show('greeting', { name: 'Lin' }));
    act(() => screen.getByText('close').click());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('refuses an unknown id', () => {
    render(
      <ModalProvider>
        <Capture />
      </ModalProvider>,
    );
    expect(() => modals.show('nope')).toThrow('No modal registered under "nope"');
  });
});
