import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { MonitoringPanel } from './MonitoringPanel';

const state = {
  product: 'zfire',
  monitored: true,
  pinned: false,
  since: '2026-11-29T03:00:00.000Z',
  rows: 4_000,
  note: 'Rows are still being placed on properties: they join the book as they are placed.',
};

describe('MonitoringPanel', () => {
  it('shows how far the worker has placed a book, and nothing of it once placed', () => {
    const placing = renderWithProviders(
      <MonitoringPanel
        products={[{ product: 'zfire' }]}
        states={[{ ...state, placing: { rowsChecked: 250_000, rowsTotal: 1_000_000 } }]}
        onToggle={vi.fn()}
        error={null}
      />,
    );
    expect(screen.getByText('250,000 of 1,000,000 rows checked')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Rows placed' }).getAttribute('aria-valuenow')).toBe('25');
    expect(screen.getByText(/Rows are still being placed on properties/)).toBeTruthy();

    placing.unmount();
    renderWithProviders(
      <MonitoringPanel
        products={[{ product: 'zfire' }]}
        states={[{ ...state, note: null, placing: null }]}
        onToggle={vi.fn()}
        error={null}
      />,
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText(/4,000 rows/)).toBeTruthy();
  });
});
