import { SESSION_STORAGE_KEYS, STORAGE_KEYS } from '@zview/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, sessionFixture } from '../../test/render';
import { getTargetOrganizationId, resetApiClient } from '../api/client';
import { useSession, type Session } from './session';

let session!: Session;
function Capture() {
  session = useSession();
  return <p data-testid="active">{session.activeOrganization?.name}</p>;
}

beforeEach(() => resetApiClient());
afterEach(() => resetApiClient());

describe('the session', () => {
  it('starts with the first organisation and derives the enabled features from its products', () => {
    renderWithProviders(<Capture />, { session: sessionFixture('admin') });
    expect(screen.getByTestId('active')).toHaveTextContent('Acme Mutual Insurance');
    expect(session.enabledFeatures).toContain('zorro');
    expect(session.permissions).toMatchObject({
      organizationCount: 3,
      activeOrganizationId: 101,
      env: 'test',
      identityProvider: 'Password',
    });
    expect(getTargetOrganizationId()).toBe(101);
  });

  it('starts with the stored organisation when it is still in the list', () => {
    localStorage.setItem('selected_organization_id', '102');
    renderWithProviders(<Capture />, { session: sessionFixture('admin') });
    expect(screen.getByTestId('active')).toHaveTextContent('Summit Property & Casualty');
  });

  it('ignores a stored organisation the user no longer has', () => {
    localStorage.setItem('selected_organization_id', '999');
    renderWithProviders(<Capture />, { session: sessionFixture('admin') });
    expect(screen.getByTestId('active')).toHaveTextContent('Acme Mutual Insurance');
  });

  it('remembers a change, points the client at it and drops a selected product the new organisation lacks', () => {
    localStorage.setItem(STORAGE_KEYS.userSelectedProduct, JSON.stringify({ value: 'zwater' }));
    renderWithProviders(<Capture />, { session: sessionFixture('admin') });
    act(() => session.setActiveOrganization(103));
    expect(screen.getByTestId('active')).toHaveTextContent('Harbor Re');
    expect(localStorage.getItem('selected_organization_id')).toBe('103');
    expect(localStorage.getItem(STORAGE_KEYS.userSelectedProduct)).toBeNull();
    expect(getTargetOrganizationId()).toBe(103);
    expect(session.enabledFeatures).toEqual(['zhail', 'zwind', 'zstorm']);
  });

  it("keeps a selected product, or 'summary', that stays valid", () => {
    localStorage.setItem(STORAGE_KEYS.userSelectedProduct, JSON.stringify({ value: 'summary' }));
    renderWithProviders(<Capture />, { session: sessionFixture('admin') });
    act(() => session.setActiveOrganization(103));
    expect(localStorage.getItem(STORAGE_KEYS.userSelectedProduct)).toBe(JSON.stringify({ value: 'summary' }));
  });

  it('clears the stored organisation and session data on logout, then hands over to identity', async () => {
    const onLogout = vi.fn();
    localStorage.setItem('selected_organization_id', '101');
    sessionStorage.setItem(SESSION_STORAGE_KEYS.sessionId, 'abc');
    sessionStorage.setItem(SESSION_STORAGE_KEYS.sessionRestoreUrl, '/billing');
    renderWithProviders(<Capture />, { session: sessionFixture('admin', { onLogout }) });
    await act(() => session.logout());
    await waitFor(() => expect(onLogout).toHaveBeenCalledOnce());
    expect(localStorage.getItem('selected_organization_id')).toBeNull();
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.sessionId)).toBeNull();
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.sessionRestoreUrl)).toBeNull();
    expect(getTargetOrganizationId()).toBeUndefined();
  });
});
