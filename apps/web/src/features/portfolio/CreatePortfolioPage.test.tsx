import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render';
import { fakeApi } from '../../../test/fake-api';
import { listFixture, listMetadataFixture, uploadCheckFixture, uploadResultFixture } from './fixtures';
import { requestsOf } from './test-requests';

const SLOW = { timeout: 8000 };
afterEach(() => vi.unstubAllGlobals());

/** A stand-in for the browser's XMLHttpRequest: the test drives progress, the answer and abort. */
class FakeXhr {
  static last: FakeXhr | null = null;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  aborted = false;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    act(() => this.onload?.());
  }
}

function api(overrides: Record<string, (url: URL, init?: RequestInit) => unknown> = {}) {
  return fakeApi({
    '/api/caribou/portfolios/names': () => ({ available: true }),
    '/api/caribou/portfolio/uploads/u-7f3a/check': () => uploadCheckFixture(),
    // POST creates (one stub per product, as the contract says); GET lists.
    '/api/caribou/portfolios': (_url, init) =>
      init?.method === 'POST'
        ? [
            {
              portfolioId: 11,
              name: 'Q1 new business',
              product: 'zproperty',
              status: 'IN_PROGRESS',
              statusLabel: 'In Progress',
              organizationId: 1,
              createdAt: '2026-11-24T04:00:00.000Z',
            },
          ]
        : listFixture(),
    '/api/caribou/portfolios/metadata': () => listMetadataFixture(),
    ...overrides,
  });
}

const csv = () =>
  new File(['Policy No,Street,City,State,Zip\nHO-1,1 Main St,Napa,CA,94558\n'], 'renewals.csv', { type: 'text/csv' });

describe('creating a portfolio', () => {
  it('offers the enabled portfolio products in the fixed order and validates before sending', async () => {
    const user = userEvent.setup();
    const calls = api();
    renderApp({ path: '/zportfolio/create', devSession: 'admin' });
    const choices = await screen.findByTestId('product-choices', {}, SLOW);
    expect(
      within(choices)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['Z-FIRE', 'Z-HAIL', 'Z-PROPERTY']);
    await user.click(screen.getByRole('button', { name: 'Create portfolio' }));
    expect(screen.getByText('Give the portfolio a name.')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one product.')).toBeInTheDocument();
    expect(screen.getByText('Upload a file first.')).toBeInTheDocument();
    expect(requestsOf(calls).some((r) => r.method === 'POST')).toBe(false);
  });

  it('checks the name live, once typing pauses, and shows when it is taken', async () => {
    const user = userEvent.setup();
    const calls = api({
      '/api/caribou/portfolios/names': () => ({
        available: false,
        message: 'A portfolio with this name already exists.',
      }),
    });
    renderApp({ path: '/zportfolio/create', devSession: 'admin' });
    await user.type(await screen.findByLabelText(/Name/, {}, SLOW), 'Coastal');
    expect(await screen.findByText('A portfolio with this name already exists.')).toBeInTheDocument();
    // debounced: one check for the whole word, not one per keystroke
    const checks = requestsOf(calls).filter((r) => r.path === '/api/caribou/portfolios/names');
    expect(checks).toHaveLength(1);
    expect(checks[0]!.body).toEqual({ organizationId: 101, portfolioName: 'Coastal' });
  });

  it(
    'uploads with progress, can cancel, then shows the dry run and creates the portfolio',
    { timeout: 40_000 },
    async () => {
      vi.stubGlobal('XMLHttpRequest', FakeXhr);
      const user = userEvent.setup();
      const calls = api();
      const app = renderApp({ path: '/zportfolio/create', devSession: 'admin' });
      const input = (await screen.findByTestId('file-input', {}, SLOW)) as HTMLInputElement;

      fireEvent.change(input, { target: { files: [csv()] } });
      const first = FakeXhr.last!;
      expect(first.method).toBe('POST');
      expect(new URL(first.url).pathname).toBe('/api/caribou/portfolio/csv');
      expect(new URL(first.url).searchParams.get('target_organization_id')).toBe('101');
      expect(first.headers.authorization).toMatch(/^Bearer /);
      expect((first.body!.get('file') as File).name).toBe('renewals.csv');
      first.progress(40, 100);
      expect(screen.getByTestId('upload-status')).toHaveTextContent('Uploading… 40%');
      expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '40');
      await user.click(screen.getByRole('button', { name: 'Cancel upload' }));
      expect(first.aborted).toBe(true);
      expect(await screen.findByText('Drop a CSV file here')).toBeInTheDocument();

      fireEvent.change(input, { target: { files: [csv()] } });
      const second = FakeXhr.last!;
      expect(second).not.toBe(first);
      second.progress(100, 100);
      second.respond(201, uploadResultFixture());
      const summary = await screen.findByTestId('upload-summary');
      expect(summary).toHaveTextContent('12,477 of 12,480 rows can be scored.');
      expect(within(summary).getAllByTestId('failing-row')).toHaveLength(3);
      expect(within(summary).getByTestId('recognised-columns')).toHaveTextContent('Street → street');

      await user.type(screen.getByLabelText(/Name/), 'Q1 new business');
      await user.click(screen.getByRole('checkbox', { name: 'Z-PROPERTY' }));
      await user.click(screen.getByRole('checkbox', { name: 'Z-FIRE' }));
      await screen.findByText('This name is available.');
      await user.click(screen.getByRole('button', { name: 'Create portfolio' }));
      await waitFor(() => expect(app.router().state.location.pathname).toBe('/zportfolio'));
      const create = requestsOf(calls).find((r) => r.path === '/api/caribou/portfolios' && r.method === 'POST');
      expect(create?.body).toEqual({
        name: 'Q1 new business',
        description: '',
        portfolioType: '',
        products: 'zfire,zproperty',
        uploadedFileName: 'u-7f3a',
        assignedOrganizationId: 101,
      });
    },
  );

  it('explains a refused upload', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    api();
    renderApp({ path: '/zportfolio/create', devSession: 'admin' });
    fireEvent.change(await screen.findByTestId('file-input', {}, SLOW), { target: { files: [csv()] } });
    FakeXhr.last!.respond(413, {
      error: { code: 'payload_too_large', message: 'This file is larger than the 500 MB limit.' },
    });
    expect(await screen.findByText('This file is larger than the 500 MB limit.')).toBeInTheDocument();
  });
});
