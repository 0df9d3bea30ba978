import { MESSAGES } from '@zview/contracts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { WidthOverlay } from './WidthOverlay';

const originalWidth = window.innerWidth;
function resizeTo(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}
afterEach(() => resizeTo(originalWidth));

describe('the width overlay', () => {
  it('asks for 1350px below that width, until Continue', () => {
    resizeTo(1200);
    render(<WidthOverlay />);
    expect(screen.getByTestId('width-overlay')).toHaveTextContent(MESSAGES.widthWarning);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.queryByTestId('width-overlay')).not.toBeInTheDocument();
    // dismissed for good, even when the window narrows again
    act(() => resizeTo(1000));
    expect(screen.queryByTestId('width-overlay')).not.toBeInTheDocument();
  });

  it('remembers Continue for the session: a remount (sign-in, full load) does not bring it back', () => {
    resizeTo(1280);
    const first = render(<WidthOverlay />);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    first.unmount();
    render(<WidthOverlay />);
    expect(screen.queryByTestId('width-overlay')).not.toBeInTheDocument();
  });

  it('stays away at 1350px and above, and follows resizes', () => {
    resizeTo(1350);
    render(<WidthOverlay />);
    expect(screen.queryByTestId('width-overlay')).not.toBeInTheDocument();
    act(() => resizeTo(1349));
    expect(screen.getByTestId('width-overlay')).toBeInTheDocument();
  });
});
