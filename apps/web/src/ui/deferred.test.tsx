import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

/**
 * The deferral itself (ui/deferred.tsx). A fresh module per test: the first page is shown once
 * per page load, and test/setup.ts preloads the deferred components already defined.
 */
async function freshModules() {
  vi.resetModules();
  const deferred = await import('./deferred');
  const firstPage = await import('./firstPage');
  return { ...deferred, ...firstPage };
}

function Loaded({ text }: { text: string }) {
  return <p>loaded: {text}</p>;
}

describe('a deferred component', () => {
  it('shows its placeholder until the first page has shown, then loads and renders', async () => {
    const { deferredComponent, markFirstPageShown } = await freshModules();
    const load = vi.fn(async () => Loaded);
    const Deferred = deferredComponent(load, { placeholder: ({ text }) => <p>placeholder: {text}</p> });
    render(<Deferred text="bell" />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByText('placeholder: bell')).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();

    act(() => markFirstPageShown());
    expect(await screen.findByText('loaded: bell')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
    // Rendered again later: at once, without a second download.
    render(<Deferred text="again" />);
    expect(screen.getByText('loaded: again')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads at once when asked for (a menu clicked before the first page has shown)', async () => {
    const { deferredComponent } = await freshModules();
    const Deferred = deferredComponent(async () => Loaded);
    const { container } = render(<Deferred text="menu" />);
    expect(container).toBeEmptyDOMElement();
    await act(() => Deferred.preload());
    expect(await screen.findByText('loaded: menu')).toBeInTheDocument();
  });

  it("with start 'mounted' loads as soon as it renders, and tries again after a failed download", async () => {
    const { deferredComponent } = await freshModules();
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(Loaded);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const Deferred = deferredComponent<{ text: string }>(load, { start: 'mounted' });
    const first = render(<Deferred text="toast" />);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('loaded: toast')).not.toBeInTheDocument();
    first.unmount();
    render(<Deferred text="toast" />);
    expect(await screen.findByText('loaded: toast')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
});
