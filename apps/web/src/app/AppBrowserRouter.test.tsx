import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, lazy, type ReactElement } from 'react';
import { Route, Routes, useNavigate, useSearchParams } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AppBrowserRouter } from './AppBrowserRouter';
import { useNavigationPending } from './navigation-pending';

function PendingBar() {
  return useNavigationPending() ? <p>Loading the next page</p> : null;
}

function FirstPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  return (
    <>
      <p>First page {params.get('q') ?? ''}</p>
      <button onClick={() => navigate('/second')}>Go</button>
      <button onClick={() => setParams({ q: 'hail' })}>Search</button>
    </>
  );
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('the app’s browser router', () => {
  it('keeps the page shown, saying a navigation is pending, until the next page’s code is here', async () => {
    let arrive!: () => void;
    const SecondPage = lazy(
      () =>
        new Promise<{ default: () => ReactElement }>(
          (resolve) => (arrive = () => resolve({ default: () => <p>Second page</p> })),
        ),
    );
    window.history.replaceState(null, '', '/first');
    render(
      <AppBrowserRouter>
        <PendingBar />
        <Suspense fallback={<p>Page loading</p>}>
          <Routes>
            <Route path="/first" element={<FirstPage />} />
            <Route path="/second" element={<SecondPage />} />
          </Routes>
        </Suspense>
      </AppBrowserRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(await screen.findByText('Loading the next page')).toBeInTheDocument();
    expect(screen.getByText(/First page/)).toBeInTheDocument();
    expect(screen.queryByText('Page loading')).not.toBeInTheDocument();
    expect(window.location.pathname).toBe('/second');

    await act(async () => arrive());
    expect(await screen.findByText('Second page')).toBeInTheDocument();
    expect(screen.queryByText('Loading the next page')).not.toBeInTheDocument();
  });

  it('commits a change of the query alone at once, without a pending navigation', async () => {
    window.history.replaceState(null, '', '/first');
    render(
      <AppBrowserRouter>
        <PendingBar />
        <Routes>
          <Route path="/first" element={<FirstPage />} />
        </Routes>
      </AppBrowserRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText('First page hail')).toBeInTheDocument();
    expect(screen.queryByText('Loading the next page')).not.toBeInTheDocument();
    expect(window.location.search).toBe('?q=hail');
  });
});
