import { MESSAGES } from '@zview/contracts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BootError } from './BootError';
import { readRuntimeConfig } from '../session/runtime-config';

const valid = {
  ENV: 'production',
  API_URL: 'https://api.zview.test',
  OIDC_ISSUER: 'https://id.zview.test',
  OIDC_CLIENT_ID: 'web',
  SUPPORT_EMAIL: 'help@zview.test',
};

describe('reading the runtime configuration', () => {
  it('reports a missing global with the local-development advice', () => {
    const result = readRuntimeConfig({});
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message.startsWith('Missing Z-VIEW config global variable')).toBe(true);
    expect(`${result.message} ${result.advice}`).toBe(MESSAGES.missingConfigGlobal);
    expect(result.advice).toMatch(/developing locally/);
  });

  it('names a blank required variable', () => {
    expect(readRuntimeConfig({ __ZVIEW_CONFIG__: { ...valid, OIDC_CLIENT_ID: '  ' } })).toEqual({
      ok: false,
      message: 'Required "OIDC_CLIENT_ID" config variable not set',
    });
    expect(readRuntimeConfig({ __ZVIEW_CONFIG__: { ...valid, ENV: undefined } })).toMatchObject({
      message: MESSAGES.requiredConfigVariable('ENV'),
    });
  });

  it('reports any other parse failure as a failed initialisation', () => {
    expect(readRuntimeConfig({ __ZVIEW_CONFIG__: { ...valid, BILLING_PAGE_ENABLED: 'maybe' } })).toEqual({
      ok: false,
      message: 'Failed to initialize app config',
    });
    expect(readRuntimeConfig({ __ZVIEW_CONFIG__: 'nonsense' })).toEqual({
      ok: false,
      message: 'Failed to initialize app config',
    });
  });

  it('parses a valid configuration with its defaults', () => {
    const result = readRuntimeConfig({ __ZVIEW_CONFIG__: { ...valid, BILLING_PAGE_ENABLED: 'true' } });
    expect(result).toMatchObject({
      ok: true,
      config: { ENV: 'production', BILLING_PAGE_ENABLED: true, PORTFOLIO_ENABLED: true },
    });
  });

  it('shows a boot failure as a full-page error', () => {
    render(<BootError message={'Failed to initialize app config'} advice="Check /config.js." />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to initialize app config');
    expect(screen.getByText('Check /config.js.')).toBeInTheDocument();
  });
});
