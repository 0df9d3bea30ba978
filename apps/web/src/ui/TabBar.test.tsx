import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { FirstRenderTabs } from './TabBar';

const items = [
  { value: 'summary', label: 'Summary' },
  { value: 'zfire', label: 'Z-FIRE' },
];

describe('the tab bar before MUI Tabs is here (its first render)', () => {
  it('draws the tabs with the selected one marked and its indicator, and selects on click', async () => {
    const onChange = vi.fn();
    render(<FirstRenderTabs value="summary" items={items} onChange={onChange} aria-label="Products" />);
    expect(screen.getByRole('tablist', { name: 'Products' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Summary' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Z-FIRE' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tab', { name: 'Summary' }).querySelector('.MuiTabs-indicator')).not.toBeNull();
    expect(screen.getByRole('tab', { name: 'Z-FIRE' }).querySelector('.MuiTabs-indicator')).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: 'Z-FIRE' }));
    expect(onChange).toHaveBeenCalledWith('zfire');
    await userEvent.click(screen.getByRole('tab', { name: 'Summary' }));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('navigates with a link tab', async () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <FirstRenderTabs
          value="home"
          items={[
            { value: 'home', label: 'Property View', to: '/' },
            { value: 'portfolio', label: 'Portfolio', to: '/zportfolio' },
          ]}
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
