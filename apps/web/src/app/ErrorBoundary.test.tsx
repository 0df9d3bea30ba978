import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import { AppErrorBoundary, RouteErrorBoundary } from './ErrorBoundary';

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

  it('shows the generic message for a failing page, and tries again on another path', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter(
      [
        {
          element: (
            <RouteErrorBoundary>
              <Outlet />
            </RouteErrorBoundary>
          ),
          children: [
            { path: '/broken', element: <Broken /> },
            { path: '/fine', element: <p>A page that renders</p> },
          ],
        },
      ],
      { initialEntries: ['/broken'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('An unexpected error occurred. Please reach out to support.')).toBeInTheDocument();
    await router.navigate('/fine');
    expect(await screen.findByText('A page that renders')).toBeInTheDocument();
    expect(screen.queryByText('An unexpected error occurred. Please reach out to support.')).not.toBeInTheDocument();
    error.mockRestore();
  });
});
