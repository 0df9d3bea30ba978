import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { TabBar } from './TabBar';

const items = [
  { value: 'summary', label: 'Summary' },
  { value: 'zfire', label: 'Z-FIRE' },
  { value: 'zhail', label: 'Z-HAIL' },
];

describe('the tab bar drawn without MUI (issue 45)', () => {
  it('draws the tabs with the selected one marked and its indicator, and selects on click', async () => {
    const onChange = vi.fn();
    render(<TabBar value="summary" items={items} onChange={onChange} aria-label="Products" />);
    expect(screen.getByRole('tablist', { name: 'Products' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Summary' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Z-FIRE' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tab', { name: 'Summary' }).querySelector('.zv-tab-indicator')).not.toBeNull();
    expect(screen.getByRole('tab', { name: 'Z-FIRE' }).querySelector('.zv-tab-indicator')).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: 'Z-FIRE' }));
    expect(onChange).toHaveBeenCalledWith('zfire');
    await userEvent.click(screen.getByRole('tab', { name: 'Summary' }));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('keeps one tab in the tab order and moves the focus with the arrow keys, Home and End', () => {
    render(<TabBar value="zfire" items={items} aria-label="Products" />);
    const [summary, zfire, zhail] = screen.getAllByRole('tab');
    expect([summary, zfire, zhail].map((tab) => tab!.tabIndex)).toEqual([-1, 0, -1]);
    zfire!.focus();
    fireEvent.keyDown(zfire!, { key: 'ArrowRight' });
    expect(zhail).toHaveFocus();
    fireEvent.keyDown(zhail!, { key: 'ArrowRight' });
    expect(summary).toHaveFocus();
    fireEvent.keyDown(summary!, { key: 'End' });
    expect(zhail).toHaveFocus();
    fireEvent.keyDown(zhail!, { key: 'Home' });
    expect(summary).toHaveFocus();
    fireEvent.keyDown(summary!, { key: 'ArrowLeft' });
    expect(zhail).toHaveFocus();
  });

  it('navigates with a link tab', async () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <TabBar
          value="home"
          items={[
            { value: 'home', label: 'Property View', to: '/' },
            { value: 'portfolio', label: 'Portfolio', to: '/zportfolio' },
          ]}
          tone="topBar"
          aria-label="Products"
        />
        <Routes>
          <Route path="/zportfolio" element={<p>Portfolio page</p>} />
          <Route path="/" element={null} />
        </Routes>
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Portfolio' }));
    expect(await screen.findByText('Portfolio page')).toBeInTheDocument();
  });
});
