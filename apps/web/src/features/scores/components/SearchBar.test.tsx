import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

/**
 * The address box shows at once as a plain field; MUI's Autocomplete replaces it once the home
 * page has shown (issue 45). Fresh modules: test/setup.ts preloads the deferred components the
 * test file itself imports, which would skip the plain field.
 */
describe('the address box before and after its autocomplete loads', () => {
  it('keeps the text typed so far and the focus, caret at the end, when the autocomplete replaces the plain field', async () => {
    vi.resetModules();
    const { SearchBar } = await import('./SearchBar');
    const { markFirstPageShown } = await import('../../../ui/firstPage');
    const { renderWithProviders, sessionFixture } = await import('../../../../test/render');
    const onSearch = vi.fn();
    renderWithProviders(<SearchBar initial={null} onSearch={onSearch} />, { session: sessionFixture('member') });
    const plain = screen.getByRole('textbox', { name: 'Address' });
    // The plain field: no combobox yet.
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    act(() => plain.focus());
    fireEvent.change(plain, { target: { value: '1427 Whea' } });

    act(() => markFirstPageShown());
    const combobox = await screen.findByRole('combobox', { name: 'Address' });
    expect(combobox).not.toBe(plain);
    expect(combobox).toHaveValue('1427 Whea');
    expect(combobox).toHaveFocus();
    expect((combobox as HTMLInputElement).selectionStart).toBe('1427 Whea'.length);

    fireEvent.change(combobox, { target: { value: '1427 Wheatland Ave' } });
    fireEvent.submit(combobox.closest('form')!);
    expect(onSearch).toHaveBeenCalledWith({ locationType: 'address', location: '1427 Wheatland Ave' });
  });
});
