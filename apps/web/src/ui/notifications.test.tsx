import { NOTIFICATION_AUTO_HIDE_MS } from '@zview/contracts';
import Star from '@mui/icons-material/Star';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  NOTIFICATION_STACK_OFFSET_PX,
  NotificationsProvider,
  useNotifications,
  type NotifyInput,
} from './notifications';

const ids: string[] = [];

function Trigger({ input }: { input: NotifyInput }) {
  const { notify } = useNotifications();
  return <button onClick={() => ids.push(notify(input))}>notify {String(input.text)}</button>;
}

function setup(...inputs: NotifyInput[]) {
  render(
    <NotificationsProvider>
      <p>page content</p>
      {inputs.map((input) => (
        <Trigger key={String(input.text)} input={input} />
      ))}
    </NotificationsProvider>,
  );
}

beforeEach(() => {
  ids.length = 0;
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('notifications', () => {
  it('shows the text with its variant and hides it after 5000 ms', () => {
    setup({ text: 'Portfolio uploaded', variant: 'success' });
    fireEvent.click(screen.getByText('notify Portfolio uploaded'));
    expect(screen.getByText('Portfolio uploaded')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveClass('MuiAlert-filledSuccess');
    act(() => vi.advanceTimersByTime(NOTIFICATION_AUTO_HIDE_MS - 100));
    expect(screen.getByText('Portfolio uploaded')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Portfolio uploaded')).not.toBeInTheDocument();
  });

  it('is dismissed manually, not by clicking elsewhere', () => {
    setup({ text: 'Export failed', variant: 'error' });
    fireEvent.click(screen.getByText('notify Export failed'));
    // MUI listens for click-away once the snackbar has opened
    act(() => vi.advanceTimersByTime(10));
    fireEvent.click(screen.getByText('page content'));
    fireEvent.mouseDown(screen.getByText('page content'));
    expect(screen.getByText('Export failed')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Export failed')).not.toBeInTheDocument();
  });

  it('stacks several with a vertical offset and generates distinct ids', () => {
    setup({ text: 'first' }, { text: 'second', customIcon: <Star data-testid="custom-icon" /> });
    fireEvent.click(screen.getByText('notify first'));
    fireEvent.click(screen.getByText('notify second'));
    const [older, newer] = screen.getAllByTestId('notification');
    expect(older).toHaveStyle({ bottom: `${24 + NOTIFICATION_STACK_OFFSET_PX}px` });
    expect(newer).toHaveStyle({ bottom: '24px' });
    expect(screen.getByTestId('custom-icon')).toBeInTheDocument();
    expect(new Set(ids).size).toBe(2);
    expect(screen.getAllByRole('alert')[0]).toHaveClass('MuiAlert-filledInfo');
  });
});
