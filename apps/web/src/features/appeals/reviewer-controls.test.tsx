import type { AppealDetailResponse } from '@zview/contracts';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../api/client';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders, sessionFixture } from '../../../test/render';
import AppealPage from './pages/AppealPage';
import AppealsListPage from './pages/AppealsListPage';

/**
 * Issue 44 item 2: the appeals pages show reviewer controls by the server's `appealReview` for the
 * organisation acted for. The user's token says group admin (they administer A); acting for B, where
 * the server presents a plain member, the pages show no reviewer controls.
 */
beforeEach(() => setAccessToken('test-access-token'));
afterEach(() => vi.unstubAllGlobals());

const ADMIN_OF_A = 401;
const MEMBER_OF_B = 402;

const APPEAL: AppealDetailResponse['appeal'] = {
  id: 9,
  organizationId: MEMBER_OF_B,
  propertyId: 'p-9',
  h3Index: '8726a0a6affffff',
  address: '905 Magnolia Ave, Mobile, AL 36604',
  product: 'zwind',
  featureName: 'roof_material',
  status: 'submitted',
  manualInputs: { roof_material: 'metal' },
  reason: 'New roof',
  createdBy: { id: 'u', name: 'Sam Ortiz', email: 's@x.test' },
  assignee: null,
  openedAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
  deadlineAt: '2026-12-20T10:00:00.000Z',
  overdue: false,
  decidedAt: null,
  scoreBefore: 4.1,
  scoreAfter: null,
  evidenceCount: 0,
};

const NOTHING_ALLOWED = {
  saveDraft: false,
  revertDraft: false,
  pushDraft: false,
  pushAppeal: false,
  review: false,
  publish: false,
  reject: false,
  expire: false,
};

function render(page: 'list' | 'detail', actingFor: number) {
  fakeApi({
    '/api/caribou/appeals': () => ({ total: 1, results: [APPEAL] }),
    '/api/caribou/appeals/9': () => ({
      appeal: APPEAL,
      evidence: [],
      timeline: [],
      versions: [],
      allowed: NOTHING_ALLOWED,
    }),
  });
  const products = ['zwind', 'appeals'];
  renderWithProviders(page === 'list' ? <AppealsListPage /> : <AppealPage />, {
    path: page === 'list' ? '/appeals' : '/appeals/9',
    routes: page === 'list' ? [] : [{ path: 'appeals/:id', element: <AppealPage /> }],
    session: sessionFixture('groupAdmin', {
      organizations: [
        { id: ADMIN_OF_A, name: 'Admin Org A', products, role: 'admin' },
        { id: MEMBER_OF_B, name: 'Member Org B', products, role: 'member' },
      ],
      initialOrganizationId: actingFor,
    }),
  });
}

describe('appeals reviewer controls follow the organisation acted for', () => {
  it('the list offers the audit export to a reviewer of A', async () => {
    render('list', ADMIN_OF_A);
    expect(await screen.findByTestId('appeal-row')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export audit trail (CSV)' })).toBeInTheDocument();
  });

  it('the list offers no reviewer control to the same user acting for B', async () => {
    render('list', MEMBER_OF_B);
    expect(await screen.findByTestId('appeal-row')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export audit trail (CSV)' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Notice wording' })).not.toBeInTheDocument();
  });

  it('the appeal page offers the property audit CSV in A only', async () => {
    render('detail', ADMIN_OF_A);
    expect(await screen.findByRole('button', { name: 'Property audit CSV' })).toBeInTheDocument();
  });

  it('the appeal page offers no property audit CSV acting for B', async () => {
    render('detail', MEMBER_OF_B);
    expect(await screen.findByTestId('timeline')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Property audit CSV' })).not.toBeInTheDocument();
  });
});
