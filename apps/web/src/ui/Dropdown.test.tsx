import { MESSAGES } from '@zview/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dropdown, Select, type DropdownOption } from './Dropdown';

const STATES: DropdownOption[] = [
  { value: 'AL', display: 'Alabama' },
  { value: 'GA', display: 'Georgia' },
  { value: 'LA', display: 'Louisiana', disabled: true },
];

function ControlledSelect(props: {
  options: DropdownOption[];
  loading?: boolean;
  noOptionsText?: string;
  loadingText?: string;
}) {
  const [value, setValue] = useState<string>('');
  return <Select label="State" value={value} onChange={setValue} {...props} />;
}

describe('Select', () => {
  it("shows '--' while nothing is selected, then the chosen option", async () => {
    const user = userEvent.setup();
    render(<ControlledSelect options={STATES} />);
    const select = screen.getByRole('combobox', { name: 'State' });
    expect(select).toHaveTextContent(MESSAGES.emptySelect);
    await user.click(select);
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getByRole('option', { name: 'Louisiana' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(within(listbox).getByRole('option', { name: 'Georgia' }));
    expect(select).toHaveTextContent('Georgia');
  });

  it("lists 'No Options' when empty and 'Loading...' while loading", async () => {
    const user = userEvent.setup();
    const { unmount } = render(<ControlledSelect options={[]} />);
    await user.click(screen.getByRole('combobox', { name: 'State' }));
    expect(await screen.findByText(MESSAGES.noOptions)).toBeInTheDocument();
    unmount();
    render(<ControlledSelect options={STATES} loading />);
    await user.click(screen.getByRole('combobox', { name: 'State' }));
    expect(await screen.findByText(MESSAGES.loading)).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Alabama' })).not.toBeInTheDocument();
  });

  it('lets both texts be overridden', async () => {
    const user = userEvent.setup();
    render(<ControlledSelect options={[]} noOptionsText="No organisations yet" />);
    await user.click(screen.getByRole('combobox', { name: 'State' }));
    expect(await screen.findByText('No organisations yet')).toBeInTheDocument();
  });

  it('caps the list at 260px', async () => {
    const user = userEvent.setup();
    render(<ControlledSelect options={STATES} />);
    await user.click(screen.getByRole('combobox', { name: 'State' }));
    const paper = (await screen.findByRole('listbox')).closest('.MuiPaper-root');
    expect(paper).toHaveStyle({ maxHeight: '260px' });
  });
});

describe('Dropdown', () => {
  it('opens and closes on click and reports the chosen value', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(
      <Dropdown
        label="Export"
        options={[
          { value: 'csv', display: 'CSV' },
          { value: 'xlsx', display: 'Excel' },
        ]}
        onSelect={onSelect}
      />,
    );
    const button = screen.getByRole('button', { name: 'Export' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = await screen.findByRole('menu');
    expect(menu.closest('.MuiPaper-root')).toHaveStyle({ maxHeight: '260px' });
    await user.click(screen.getByRole('menuitem', { name: 'Excel' }));
    expect(onSelect).toHaveBeenCalledWith('xlsx');
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it("shows 'Loading...' (overridable) while loading", async () => {
    const user = userEvent.setup();
    render(<Dropdown label="Products" options={[]} onSelect={() => {}} loading loadingText="Fetching products" />);
    await user.click(screen.getByRole('button', { name: 'Products' }));
    expect(await screen.findByText('Fetching products')).toBeInTheDocument();
  });
});
