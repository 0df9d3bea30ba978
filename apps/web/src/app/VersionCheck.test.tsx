import { APP_VERSION, STORAGE_KEYS, VERSION_UPDATE_EVENT } from '@zview/contracts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClient } from '../api/client';
import { setVersionUpdateNeeded } from '../api/version';
import { VersionToast } from './VersionCheck';

/** SPEC §9: "Version poll: every 20 s" (a literal, so a changed constant fails here too). */
const POLL_MS = 20_000;

let serverVersion = APP_VERSION;
const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  expect(new URL(String(input)).pathname).toBe('/version');
  return new Response(serverVersion, { headers: { 'content-type': 'text/plain' } });
});

beforeEach(() => {
  serverVersion = APP_VERSION;
  fetchMock.mockClear();
  resetApiClient();
  vi.stubGlobal('fetch', fetchMock);
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the version check', () => {
  it('polls every 20 s and stays quiet while the versions match', async () => {
    render(<VersionToast />);
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS - 1));
    expect(fetchMock).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(
      screen.queryByText('A new version of Z-VIEW is available. Please reload to update.'),
    ).not.toBeInTheDocument();
  });

  it('on a difference sets the flag, fires the event, shows the toast and stops polling', async () => {
    const onEvent = vi.fn();
    window.addEventListener(VERSION_UPDATE_EVENT, onEvent);
    const onReload = vi.fn();
    render(<VersionToast onReload={onReload} />);
    serverVersion = '4.11.0';
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS));
    expect(screen.getByText('A new version of Z-VIEW is available. Please reload to update.')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.versionUpdateNeeded)).toBe('true');
    expect(onEvent).toHaveBeenCalledOnce();
    await act(() => vi.advanceTimersByTimeAsync(5 * POLL_MS));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(onReload).toHaveBeenCalledOnce();
    window.removeEventListener(VERSION_UPDATE_EVENT, onEvent);
  });

  it('shows the toast when an API answer raised the flag', () => {
    render(<VersionToast />);
    act(() => setVersionUpdateNeeded());
    expect(screen.getByText('A new version of Z-VIEW is available. Please reload to update.')).toBeInTheDocument();
    // At the bottom right, clear of the top bar and of the search box under it.
    expect(screen.getByTestId('version-toast-anchor').className).toMatch(/MuiSnackbar-anchorOriginBottomRight/);
  });

  it('only logs a failed check', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    render(<VersionToast />);
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS));
    expect(warn).toHaveBeenCalledWith('Version check failed', expect.any(TypeError));
    expect(
      screen.queryByText('A new version of Z-VIEW is available. Please reload to update.'),
    ).not.toBeInTheDocument();
    warn.mockRestore();
  });
});

describe('Reload', () => {
  it('clears the flag and reloads', async () => {
    const { reloadForNewVersion } = await import('./VersionCheck');
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    localStorage.setItem(STORAGE_KEYS.versionUpdateNeeded, 'true');
    reloadForNewVersion();
    expect(localStorage.getItem(STORAGE_KEYS.versionUpdateNeeded)).toBeNull();
    expect(reload).toHaveBeenCalledOnce();
  });
});
