import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { AppErrorBoundary, RouteErrorPage } from './ErrorBoundary';

function Broken(): never {
  throw new Error('boom');
}

describe('error boundaries', () => {
  it('shows the generic message when rendering fails', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <AppErrorBoundary>
        <Broken />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('An unexpected error occurred. Please reach out to support.');
    error.mockRestore();
  });

  it('shows the generic message for a failing route and not-found for a 404 response', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter(
      [
        { path: '/broken', element: <Broken />, errorElement: <RouteErrorPage /> },
        {
          path: '/missing',
          loader: () => {
            throw new Response('gone', { status: 404 });
          },
          element: <p>never</p>,
          errorElement: <RouteErrorPage />,
        },
      ],
      { initialEntries: ['/broken'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('An unexpected error occurred. Please reach out to support.')).toBeInTheDocument();
    await router.navigate('/missing');
    expect(await screen.findByText('The specified page could not be found.')).toBeInTheDocument();
    error.mockRestore();
  });
});
