import { describe, expect, it } from 'vitest';
import {
  ANALYTICS,
  APP_VERSION,
  DATE_PICKER_RANGE,
  ERRORS_FIRST_PAGE,
  ERRORS_PAGE_SIZE,
  ERROR_REPORTING,
  LAYOUT,
  LAZY_LOAD_RETRIES,
  LAZY_LOAD_RETRY_DELAY_MS,
  MAP,
  NOTIFICATION_AUTO_HIDE_MS,
  OIDC_SCOPES,
  OVERRIDE_ENV,
  OVERRIDE_ORGANIZATION_ID,
  QUERY_DEFAULTS,
  REGULATORY_SET_STATES,
  SESSION_STORAGE_KEYS,
  STORAGE_KEYS,
  VERSION_POLL_INTERVAL_MS,
  VERSION_UPDATE_EVENT,
} from './constants.js';
import { formatLongDate, formatNumber, toSafeFileName, toYYYYMMDD } from './format.js';
import { MAP_LAYER_LABELS } from './enums.js';
import { FEATURE_KEYS, PRODUCT_KEYS, WEATHER_GROUP } from './products.js';

/**
 * SPEC §9, clause by clause, as literals: the behaviour tests elsewhere drive the code through these
 * constants (a timer advanced by VERSION_POLL_INTERVAL_MS), so a changed constant would pass them.
 * Here a constant that drifts from SPEC's number fails.
 */
describe('SPEC §9 business constants and limits', () => {
  it('release and client version 4.10.1; version poll every 20 s', () => {
    expect(APP_VERSION).toBe('4.10.1');
    expect(VERSION_POLL_INTERVAL_MS).toBe(20_000);
  });

  it('regulatory-set states AL, GA, LA, MS, NC, OK, SC; hail, wind and storm form a group', () => {
    expect([...REGULATORY_SET_STATES]).toEqual(['AL', 'GA', 'LA', 'MS', 'NC', 'OK', 'SC']);
    expect([...WEATHER_GROUP].sort()).toEqual(['zhail', 'zstorm', 'zwind']);
  });

  it('storage keys selected_organization_id, userSelectedProduct, prOverride; the version flag in local storage', () => {
    expect(STORAGE_KEYS.selectedOrganizationId).toBe('selected_organization_id');
    expect(STORAGE_KEYS.userSelectedProduct).toBe('userSelectedProduct');
    expect(STORAGE_KEYS.tabScrollTooltip).toBeTruthy();
    expect(SESSION_STORAGE_KEYS.prOverride).toBe('prOverride');
    expect(VERSION_UPDATE_EVENT).toBe(STORAGE_KEYS.versionUpdateNeeded);
  });

  it("override mode only for environment 'endo' with organisation 1", () => {
    expect(OVERRIDE_ENV).toBe('endo');
    expect(OVERRIDE_ORGANIZATION_ID).toBe(1);
  });

  it('map zoom 16–21 (17–21 comparing), recentre 19, fit padding 20 max zoom 20, parcel opacity 0/0.3, 300 ms, 200 ms, 200 ms', () => {
    expect(MAP).toEqual({
      minZoom: 16,
      maxZoom: 21,
      comparisonMinZoom: 17,
      comparisonMaxZoom: 21,
      recenterZoom: 19,
      buildingFitPadding: 20,
      buildingFitMaxZoom: 20,
      parcelFillOpacity: 0,
      parcelFillHoverOpacity: 0.3,
      opacityTransitionMs: 300,
      compassClickMs: 200,
      styleWaitIntervalMs: 200,
    });
  });

  it('width warning 1350px (default 1439px), minimum 768px, top bar 52px, dropdown 260px, dialog 590px', () => {
    expect(LAYOUT).toEqual({
      widthWarningPx: 1350,
      defaultWidthPx: 1439,
      minPageWidthPx: 768,
      topBarHeightPx: 52,
      dropdownMaxHeightPx: 260,
      confirmDialogWidthPx: 590,
    });
  });

  it('errors list page size 25, page 1; lazy-load retries 2 with 400 ms delay; notifications hide after 5000 ms', () => {
    expect(ERRORS_PAGE_SIZE).toBe(25);
    expect(ERRORS_FIRST_PAGE).toBe(1);
    expect(LAZY_LOAD_RETRIES).toBe(2);
    expect(LAZY_LOAD_RETRY_DELAY_MS).toBe(400);
    expect(NOTIFICATION_AUTO_HIDE_MS).toBe(5000);
  });

  it('the data-query cache never refetches on window focus and never goes stale', () => {
    expect(QUERY_DEFAULTS).toEqual({ refetchOnWindowFocus: false, staleTime: Infinity });
  });

  it('OIDC scopes openid, email, groups; date picker 1900-01-01 to 2099-12-31', () => {
    expect([...OIDC_SCOPES]).toEqual(['openid', 'email', 'groups']);
    expect(DATE_PICKER_RANGE).toEqual({ min: '1900-01-01', max: '2099-12-31' });
  });

  it('dates in en-US long form, numbers with en-US grouping, YYYYMMDD, file names', () => {
    expect(formatLongDate('2026-11-05')).toBe('November 5, 2026');
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(toYYYYMMDD('2026-01-09T12:00:00Z')).toBe('20260109');
    expect(toSafeFileName('Q4 (book)-v1.2')).toBe('Q4__book__v12');
  });

  it('analytics: /v1/batch, 10000 ms timeout and flush, 3 retries, 15 events (min 1), ×1.25, 25–1000 ms, 32 KB / 480 KB', () => {
    expect(ANALYTICS).toEqual({
      defaultPath: '/v1/batch',
      requestTimeoutMs: 10000,
      flushIntervalMs: 10000,
      maxRetries: 3,
      flushSize: 15,
      minFlushSize: 1,
      closeAndFlushTimeoutFactor: 1.25,
      retryBackoffMinMs: 25,
      retryBackoffMaxMs: 1000,
      maxEventBytes: 32768,
      maxBatchBytes: 491520,
    });
    expect(ERROR_REPORTING.replaysOnErrorSampleRate).toBe(1);
  });
});

describe("SPEC's key lists", () => {
  it('feature keys: the nineteen SPEC names, spelt as SPEC spells them', () => {
    expect([...FEATURE_KEYS]).toEqual([
      'zfire',
      'zproperty',
      'zhail',
      'zstorm',
      'zwind',
      'zwater',
      'zfire-portfolio',
      'zproperty-portfolio',
      'zhail-portfolio',
      'zstorm-portfolio',
      'zwind-portfolio',
      'appeals',
      'ibhs',
      'self_serve_billing',
      'zproperty-historical_look_back',
      'building_permits',
      'roof_age',
      'oblique-imagery',
      'zorro',
    ]);
  });

  it('product keys: zfire, zfire|prefill, zwind, zhail, zstorm, zwater, zproperty, roof_age', () => {
    expect([...PRODUCT_KEYS]).toEqual([
      'zfire',
      'zfire|prefill',
      'zwind',
      'zhail',
      'zstorm',
      'zwater',
      'zproperty',
      'roof_age',
    ]);
  });

  it('map layer labels as SPEC names them', () => {
    // SPEC §3: "Layer toggles are labelled Aerial Imagery, Location Pin, Parcel Outline and Building Labels."
    expect(MAP_LAYER_LABELS).toEqual({
      aerial: 'Aerial Imagery',
      location: 'Location Pin',
      parcel: 'Parcel Outline',
      building: 'Building Labels',
    });
  });
});
