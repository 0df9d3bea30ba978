import { MESSAGES } from '@zview/contracts';
import { act, screen } from '@testing-library/react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/render';
import { showLoginPage } from './login-shell';

const originalWidth = window.innerWidth;
function resizeTo(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}

let root: Root | undefined;
function show() {
  const container = document.body.appendChild(document.createElement('div'));
  root = createRoot(container);
  act(() => showLoginPage(root!, testConfig({ ENV: 'production' })));
}

afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = '';
  resizeTo(originalWidth);
  sessionStorage.clear();
});

describe('the login page as the first screen', () => {
  it('shows the email step on its own, without the router or the data cache', async () => {
    resizeTo(1440);
    show();
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.queryByTestId('width-overlay')).not.toBeInTheDocument();
  });

  it('asks for a wider window below 1350px, as every screen does', async () => {
    resizeTo(1200);
    show();
    expect(await screen.findByTestId('width-overlay')).toHaveTextContent(MESSAGES.widthWarning);
  });
});
