import { describe, expect, it } from 'vitest';
import {
  FILE_STATUS_LABELS,
  MESSAGES,
  PRODUCT_DISPLAY_NAMES,
  fileStatusLabel,
  formatCount,
  formatLongDate,
  formatLongDateIn,
  formatNumber,
  formatShortDate,
  loginOutcomeForCode,
  missingRequiredVariable,
  sortProducts,
  downloadFileName,
  toSafeFileName,
  toYYYYMMDD,
} from './index.js';

describe('product order', () => {
  it('sorts into the fixed order zfire, zhail, zstorm, zwind, zwater, zproperty, roof_age', () => {
    expect(sortProducts(['roof_age', 'zproperty', 'zwind', 'zfire', 'zwater', 'zstorm', 'zhail'])).toEqual([
      'zfire',
      'zhail',
      'zstorm',
      'zwind',
      'zwater',
      'zproperty',
      'roof_age',
    ]);
  });

  it('throws on an unknown product', () => {
    expect(() => sortProducts(['zfire', 'zquake'])).toThrow('Unknown product found in portfolio');
    // zfire|prefill is fire with prefilled attributes: it sorts where zfire does.
    expect(sortProducts(['zhail', 'zfire|prefill'])).toEqual(['zfire|prefill', 'zhail']);
  });

  it('has the display names of the spec', () => {
    expect(PRODUCT_DISPLAY_NAMES.zfire).toBe('Z-FIRE');
    expect(PRODUCT_DISPLAY_NAMES.roof_age).toBe('ROOF AGE');
    expect(PRODUCT_DISPLAY_NAMES.zproperty).toBe('Z-PROPERTY');
  });
});

describe('file statuses', () => {
  it('labels READY as In Review and gives ARCHIVED no label', () => {
    expect(fileStatusLabel('READY')).toBe('In Review');
    expect(fileStatusLabel('IN_PROGRESS')).toBe('In Progress');
    expect(fileStatusLabel('ARCHIVED')).toBeUndefined();
    expect(Object.keys(FILE_STATUS_LABELS)).toEqual(['UPLOADED', 'IN_PROGRESS', 'READY', 'PROCESSED']);
  });
});

describe('formatting helpers', () => {
  it('formats dates in en-US long form', () => {
    expect(formatLongDate('2026-11-21')).toBe('November 21, 2026');
    // A Colorado deadline ends at 23:59:59.999 in Denver, 06:59 the next day in UTC: named by Denver's day.
    expect(formatLongDateIn('2026-12-09T06:59:59.999Z', 'America/Denver')).toBe('December 8, 2026');
    expect(formatLongDateIn('2026-12-09T06:59:59.999Z', null)).toBe('December 9, 2026');
  });
  it('groups numbers and shows 0 as -', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatCount(0)).toBe('-');
    expect(formatCount(null)).toBe('-');
    expect(formatCount(undefined)).toBe('-');
    expect(formatCount(12500)).toBe('12,500');
  });
  it('produces YYYYMMDD and MM/DD/YYYY', () => {
    expect(toYYYYMMDD('2026-03-04T12:00:00Z')).toBe('20260304');
    expect(formatShortDate('2026-03-04')).toBe('03/04/2026');
  });
  it('makes safe file names', () => {
    expect(toSafeFileName('My Portfolio (v2) - final.csv')).toBe('My_Portfolio__v2____finalcsv');
  });
  it('names every download by the file-name helper and the YYYYMMDD date helper', () => {
    expect(downloadFileName('Coastal book (2026) zfire', 'csv', '2026-11-24T10:00:00Z')).toBe(
      'Coastal_book__2026__zfire_20261124.csv',
    );
    expect(downloadFileName('  ', 'xlsx', '2026-01-02')).toBe('download_20260102.xlsx');
  });
});

describe('messages', () => {
  it('quotes the spec verbatim', () => {
    expect(MESSAGES.invalidCredentials).toBe('Incorrect username or password.');
    expect(MESSAGES.requiredConfigVariable('ENV')).toBe('Required "ENV" config variable not set');
    expect(MESSAGES.lazyModuleFailed(2)).toBe('Failed to load lazy module after 2 retries');
    expect(MESSAGES.pageNotFound).toBe('The specified page could not be found.');
    expect(MESSAGES.missingConfigGlobal.startsWith('Missing Z-VIEW config global variable')).toBe(true);
    // SPEC §8 login messages shown by the identity flow (X-008..X-010).
    expect(MESSAGES.passwordExpired).toBe(
      'Your password has expired. Please use the forgot password feature to set a new one.',
    );
    expect(MESSAGES.missingSessionToken).toBe('Failed to retrieve session token after login. Please try again later.');
    expect(MESSAGES.authenticationFailed).toBe('Authentication failed. Please try again later.');
  });
  it('maps login failure codes', () => {
    expect(loginOutcomeForCode('E0000004')).toBe('invalid_credentials');
    expect(loginOutcomeForCode('access_denied')).toBe('no_okta_apps_enabled');
    expect(loginOutcomeForCode('E000999')).toBe('unknown_error');
  });
});

describe('runtime config', () => {
  it('names the first missing required variable', () => {
    expect(
      missingRequiredVariable({ ENV: 'local', API_URL: 'x', OIDC_ISSUER: 'x', OIDC_CLIENT_ID: '', SUPPORT_EMAIL: 'a' }),
    ).toBe('OIDC_CLIENT_ID');
    expect(
      missingRequiredVariable({
        ENV: 'local',
        API_URL: 'x',
        OIDC_ISSUER: 'x',
        OIDC_CLIENT_ID: 'c',
        SUPPORT_EMAIL: 'a',
      }),
    ).toBeUndefined();
  });
});
