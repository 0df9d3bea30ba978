import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../../test/fake-server';
import { renderPage, testSession, testUser } from '../../../test/session-harness';
import CustomerManagementPage from './CustomerManagementPage';
import CustomerPage from './CustomerPage';

const staff = testSession({ user: testUser({ isZviewAdmin: true }) });
const LIST = '/api/zauth-customer/customers';
const customer = (id: number, name: string, products: string[] = ['zfire']) => ({
  id,
  name,
  isTrial: false,
  products,
  contactEmail: null,
  accountManager: null,
  notes: null,
  userCount: 2,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
});
const ALL = [customer(1, 'Acme Mutual'), customer(2, 'Prairie Farm Mutual', ['zfire', 'zproperty'])];

describe('/admin/customer-management', () => {
  it('searches as you type (debounced) and opens a customer', async () => {
    const server = fakeServer()
      .on('GET', LIST, (request) => {
        const search = request.url.searchParams.get('search')?.toLowerCase();
        const results = ALL.filter((c) => !search || c.name.toLowerCase().includes(search));
        return { body: { results, total: results.length, page: 1, itemsPerPage: 25 } };
      })
      .on('GET', `${LIST}/metadata`, { body: { total: 2, trial: 0, products: [{ product: 'zfire', count: 2 }] } });
    renderPage(<CustomerManagementPage />, { route: '/admin/customer-management', session: staff });
    const table = await screen.findByRole('table', { name: 'Customers' });
    await within(table).findByText('Acme Mutual');
    await userEvent.type(screen.getByLabelText('Search customers'), 'prai');
    await waitFor(() => expect(within(table).queryByText('Acme Mutual')).not.toBeInTheDocument());
    expect(within(table).getByText('Prairie Farm Mutual')).toBeInTheDocument();
    // One request for the typed word, not one per key.
    expect(
      server
        .sent(LIST)
        .filter((r) => r.url.searchParams.get('search'))
        .map((r) => r.url.searchParams.get('search')),
    ).toEqual(['prai']);
    expect(server.sent(LIST)[0]!.url.searchParams.get('sort')).toBe('name');
    await userEvent.click(within(table).getByText('Prairie Farm Mutual'));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/customer-management/2');
  });

  it('sorts by a column header', async () => {
    const server = fakeServer()
      .on('GET', LIST, { body: { results: ALL, total: 2, page: 1, itemsPerPage: 25 } })
      .on('GET', `${LIST}/metadata`, { body: { total: 2, trial: 0, products: [] } });
    renderPage(<CustomerManagementPage />, { route: '/admin/customer-management', session: staff });
    await userEvent.click(await screen.findByRole('button', { name: 'Users' }));
    await waitFor(() => expect(server.sent(LIST).at(-1)!.url.searchParams.get('sort')).toBe('userCount'));
    await userEvent.click(screen.getByRole('button', { name: 'Users' }));
    await waitFor(() => expect(server.sent(LIST).at(-1)!.url.searchParams.get('order')).toBe('desc'));
  });
});

describe('/admin/customer-management/{id}', () => {
  it('switches a product on with its agreement', async () => {
    const zhail = {
      productId: 'zhail',
      enabled: false,
      startDate: null,
      endDate: null,
      effective: false,
      billable: true,
      agreement: null,
    };
    const server = fakeServer()
      .on('GET', `${LIST}/2`, { body: ALL[1] })
      .on('GET', `${LIST}/2/products`, { body: { products: [zhail] } })
      .on('PUT', `${LIST}/2/products/zhail`, (request) => ({
        body: { ...zhail, ...(request.body as object), effective: true },
      }));
    renderPage(<CustomerPage />, {
      route: '/admin/customer-management/:customerId',
      path: '/admin/customer-management/2?tab=products',
      session: staff,
    });
    const row = await screen.findByTestId('product-zhail');
    const save = within(row).getByRole('button', { name: 'Save Z-HAIL' });
    expect(save).toBeDisabled();
    await userEvent.click(within(row).getByRole('switch', { name: 'Z-HAIL on' }));
    await userEvent.type(within(row).getByLabelText('Z-HAIL committed annual volume'), '25000');
    // An agreement needs its contract start, and the row says so (issue 45: it only turned red).
    expect(save).toBeDisabled();
    expect(within(row).getByTestId('agreement-problem')).toHaveTextContent(
      'Choose the contract start date (the end date is optional).',
    );
    await userEvent.type(within(row).getByLabelText('Z-HAIL Contract start'), '2026-01-01');
    expect(within(row).queryByTestId('agreement-problem')).not.toBeInTheDocument();
    await userEvent.click(save);
    await waitFor(() => expect(server.sent(`${LIST}/2/products/zhail`, 'PUT')).toHaveLength(1));
    expect(server.sent(`${LIST}/2/products/zhail`, 'PUT')[0]!.body).toEqual({
      enabled: true,
      startDate: null,
      endDate: null,
      agreement: { contractStart: '2026-01-01', contractEnd: null, committedAnnualVolume: 25000, billReruns: false },
    });
  });
});

describe('/admin/customer-management/{id}?tab=sso (issue 12)', () => {
  const IDPS = '/api/identity/saml-idps';
  const idp = {
    id: '0oa1',
    organizationId: 2,
    name: 'Prairie SSO',
    entityId: 'urn:prairie',
    ssoUrl: 'https://idp.prairie.test/sso',
    emailDomains: ['prairie.test'],
    internalAdminGroup: null,
    acsUrl: 'x',
    spEntityId: 'y',
  };

  it("sets an IdP's internal-admin group for this customer's organisation, and removes it", async () => {
    let current: string | null = null;
    const server = fakeServer()
      .on('GET', `${LIST}/2`, { body: ALL[1] })
      .on('GET', IDPS, () => ({ body: { identityProviders: [{ ...idp, internalAdminGroup: current }] } }))
      .on('PATCH', `${IDPS}/0oa1`, (request) => {
        current = (request.body as { internalAdminGroup: string | null }).internalAdminGroup;
        return { body: { ...idp, internalAdminGroup: current } };
      });
    renderPage(<CustomerPage />, {
      route: '/admin/customer-management/:customerId',
      path: '/admin/customer-management/2?tab=sso',
      session: staff,
    });
    const card = await screen.findByTestId('idp-0oa1');
    // The calls name the customer's organisation, not the one selected in the top bar.
    expect(server.sent(IDPS)[0]!.url.searchParams.get('target_organization_id')).toBe('2');
    const field = within(card).getByLabelText('Prairie SSO internal-admin group');
    expect(within(card).getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(within(card).getByRole('button', { name: 'Remove group' })).toBeDisabled();
    await userEvent.type(field, '  prairie-it ');
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.sent(`${IDPS}/0oa1`, 'PATCH')).toHaveLength(1));
    expect(server.sent(`${IDPS}/0oa1`, 'PATCH')[0]!.body).toEqual({ internalAdminGroup: 'prairie-it' });
    expect(server.sent(`${IDPS}/0oa1`, 'PATCH')[0]!.url.searchParams.get('target_organization_id')).toBe('2');
    await waitFor(() =>
      expect(within(screen.getByTestId('idp-0oa1')).getByRole('button', { name: 'Remove group' })).toBeEnabled(),
    );
    await userEvent.click(within(screen.getByTestId('idp-0oa1')).getByRole('button', { name: 'Remove group' }));
    await waitFor(() => expect(server.sent(`${IDPS}/0oa1`, 'PATCH')).toHaveLength(2));
    expect(server.sent(`${IDPS}/0oa1`, 'PATCH')[1]!.body).toEqual({ internalAdminGroup: null });
  });

  it('says a wind portfolio switch has no effect while neither fire nor property portfolio is on (SPEC §2)', async () => {
    const off = (productId: string, enabled: boolean) => ({
      productId,
      enabled,
      startDate: null,
      endDate: null,
      effective: enabled,
      billable: false,
      agreement: null,
    });
    fakeServer()
      .on('GET', `${LIST}/2`, { body: ALL[1] })
      .on('GET', `${LIST}/2/products`, {
        body: {
          products: [off('zwind-portfolio', true), off('zfire-portfolio', false), off('zproperty-portfolio', false)],
        },
      });
    renderPage(<CustomerPage />, {
      route: '/admin/customer-management/:customerId',
      path: '/admin/customer-management/2?tab=products',
      session: staff,
    });
    const row = await screen.findByTestId('product-zwind-portfolio');
    expect(within(row).getByTestId('switch-no-effect')).toHaveTextContent(
      'No effect while Z-FIRE and Z-PROPERTY portfolio are off',
    );
    expect(within(screen.getByTestId('product-zfire-portfolio')).queryByTestId('switch-no-effect')).toBeNull();
  });
});
