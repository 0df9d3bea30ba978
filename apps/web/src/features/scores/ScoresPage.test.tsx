import { STORAGE_KEYS } from '@zview/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render';
import { onTrack } from '../../api/analytics';
import { ASSESSMENT_PATH } from './api/assessment';
import {
  FIXTURE_ADDRESS,
  assessmentFixture,
  autocompleteFixture,
  buildingPermitsFixture,
  ibhsFixture,
} from './fixtures';
import { fakeApi, type FakeHandlers } from '../../../test/fake-api';

const SLOW = { timeout: 8000 };
const search = (location = FIXTURE_ADDRESS, type = 'address') =>
  `?${new URLSearchParams({ location, location_type: type }).toString()}`;

function propertyApi(overrides: FakeHandlers = {}) {
  return fakeApi({
    [ASSESSMENT_PATH]: (url) => assessmentFixture({ asOf: url.searchParams.get('as_of') ?? undefined }),
    '/api/caribou/property/autocomplete': () => autocompleteFixture,
    '/api/caribou/building_permits': () => buildingPermitsFixture,
    '/api/ibhs/evaluations': () => ibhsFixture,
    ...overrides,
  });
}

let tracked: [string, Record<string, unknown>][] = [];
let stopTracking: () => void;
beforeEach(() => {
  tracked = [];
  stopTracking = onTrack((event, properties) => tracked.push([event, properties]));
});
afterEach(() => {
  stopTracking();
  vi.unstubAllGlobals();
});

const cardNames = () =>
  within(screen.getByTestId('score-cards'))
    .getAllByTestId('product-name')
    .map((node) => node.textContent);

describe('the scores summary', () => {
  it('shows a card per enabled product in the fixed order, each with its top factors', async () => {
    const api = propertyApi();
    renderApp({ path: `/scores${search()}`, devSession: 'admin' });
    expect(await screen.findByTestId('resolved-address', {}, SLOW)).toHaveTextContent(FIXTURE_ADDRESS);
    await screen.findByTestId('score-cards', {}, SLOW); // the result's module loads with the first search
    expect(cardNames()).toEqual(['Z-FIRE', 'Z-HAIL', 'Z-STORM', 'Z-WIND', 'Z-WATER', 'Z-PROPERTY', 'ROOF AGE']);
    // SPEC §9: the hail, wind and storm products form a group, shown together under one heading.
    const weather = screen.getByRole('region', { name: 'Weather products' });
    expect(
      within(weather)
        .getAllByTestId('product-name')
        .map((node) => node.textContent),
    ).toEqual(['Z-HAIL', 'Z-STORM', 'Z-WIND']);
    const fire = screen.getByRole('region', { name: 'Z-FIRE' });
    expect(within(fire).getByTestId('score')).toHaveTextContent('7.3');
    expect(within(fire).getByTestId('risk-level')).toHaveTextContent('High risk');
    expect(
      within(fire)
        .getAllByTestId('factor')
        .map((node) => node.textContent),
    ).toEqual([
      expect.stringContaining('Vegetation cover'),
      expect.stringContaining('Distance to wildland'),
      expect.stringContaining('Roof material'),
    ]);
    expect(within(fire).getByRole('img', { name: /trees and shrubs/ })).toBeInTheDocument();
    expect(screen.getByTestId('precision')).toHaveTextContent('Rooftop');
    const request = api.callsTo(ASSESSMENT_PATH)[0]!;
    expect(request.searchParams.get('location')).toBe(FIXTURE_ADDRESS);
    expect(request.searchParams.get('products')).toBe('zfire,zhail,zstorm,zwind,zwater,zproperty,roof_age');
    // permits are enabled for this organisation; IBHS is not
    expect(await screen.findByText('Tear-off and replace asphalt shingles')).toBeInTheDocument();
    expect(screen.queryByTestId('ibhs')).not.toBeInTheDocument();
  });

  it('never shows products the organisation lacks, even when the answer has them', async () => {
    propertyApi();
    renderApp({ path: `/scores${search()}`, devSession: 'member' });
    await screen.findByTestId('score-cards', {}, SLOW);
    expect(cardNames()).toEqual(['Z-HAIL', 'Z-STORM', 'Z-WIND']);
    expect(screen.queryByRole('tab', { name: 'Z-FIRE' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('building-permits')).not.toBeInTheDocument();
  });

  it('invites a search when nothing is looked up yet', async () => {
    const api = propertyApi();
    renderApp({ path: '/scores', devSession: 'admin' });
    expect(await screen.findByTestId('empty-search', {}, SLOW)).toHaveTextContent('Look up a property');
    expect(api.callsTo(ASSESSMENT_PATH)).toHaveLength(0);
  });

  it('offers Try again when the scores failed to load, and shows them once they load', async () => {
    let fail = true;
    const api = propertyApi({
      [ASSESSMENT_PATH]: (url) =>
        fail
          ? { status: 503, body: { error: { code: 'unavailable', message: 'The service is busy.' } } }
          : assessmentFixture({ asOf: url.searchParams.get('as_of') ?? undefined }),
    });
    renderApp({ path: `/scores${search()}`, devSession: 'admin' });
    const error = await screen.findByTestId('result-error', {}, SLOW);
    fail = false;
    await userEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('resolved-address', {}, SLOW)).toHaveTextContent(FIXTURE_ADDRESS);
    expect(api.callsTo(ASSESSMENT_PATH).length).toBeGreaterThan(1);
  });

  it("shows the API's message for an unknown address (404) and for bad input (400)", async () => {
    propertyApi({
      [ASSESSMENT_PATH]: () => ({
        status: 404,
        body: { error: { code: 'not_found', message: 'We could not find that address.' } },
      }),
    });
    const first = renderApp({ path: `/scores${search('1 Nowhere St')}`, devSession: 'admin' });
    expect(await screen.findByTestId('result-error', {}, SLOW)).toHaveTextContent('We could not find that address.');
    first.unmount();
    propertyApi({
      [ASSESSMENT_PATH]: () => ({
        status: 400,
        body: { error: { code: 'bad_request', message: 'location must be at most 300 characters' } },
      }),
    });
    renderApp({ path: `/scores${search('x')}`, devSession: 'admin' });
    const error = await screen.findByTestId('result-error', {}, SLOW);
    expect(error).toHaveTextContent('Please check your search');
    expect(error).toHaveTextContent('location must be at most 300 characters');
  });
});

describe('the search box', () => {
  it('validates coordinates before asking, then looks them up and tracks the request', async () => {
    const user = userEvent.setup();
    const api = propertyApi();
    const { router } = renderApp({ path: '/scores', devSession: 'admin' });
    await screen.findByTestId('empty-search', {}, SLOW);
    await user.click(screen.getByRole('button', { name: 'Coordinates' }));
    expect(tracked).toContainEqual(['toggled_search_by_coordinates', { enabled: true }]);
    await user.type(screen.getByLabelText('Coordinates (lat,lng)'), '95,-105');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText(/Coordinates must be 'lat,lng'/)).toBeInTheDocument();
    expect(api.callsTo(ASSESSMENT_PATH)).toHaveLength(0);
    expect(tracked.some(([event]) => event === 'submit_request')).toBe(false);

    await user.clear(screen.getByLabelText('Coordinates (lat,lng)'));
    await user.type(screen.getByLabelText('Coordinates (lat,lng)'), '40.015, -105.283');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByTestId('resolved-address');
    const request = api.callsTo(ASSESSMENT_PATH)[0]!;
    expect(request.searchParams.get('location_type')).toBe('coordinates');
    expect(request.searchParams.get('location')).toBe('40.015, -105.283');
    expect(tracked).toContainEqual(['submit_request', { location_type: 'coordinates' }]);
    expect(router().state.location.search).toContain('location_type=coordinates');
  });

  it('suggests addresses as you type (debounced) and searches the chosen one', async () => {
    const user = userEvent.setup();
    const api = propertyApi();
    renderApp({ path: '/scores', devSession: 'admin' });
    await screen.findByTestId('empty-search', {}, SLOW);
    await user.type(screen.getByLabelText('Address'), '1208 Ced');
    await user.click(await screen.findByRole('option', { name: FIXTURE_ADDRESS }, SLOW));
    await screen.findByTestId('resolved-address');
    // one suggestion request for the settled text, not one per keystroke
    const asked = api.callsTo('/api/caribou/property/autocomplete').map((url) => url.searchParams.get('q'));
    expect(asked[0]).toBe('1208 Ced');
    expect(asked).not.toContain('1208 Ce');
    expect(api.callsTo(ASSESSMENT_PATH)[0]!.searchParams.get('location')).toBe(FIXTURE_ADDRESS);
  });

  it('never offers a suggestion for text no longer in the box: Enter searches what is typed', async () => {
    const user = userEvent.setup();
    const api = propertyApi({
      '/api/caribou/property/autocomplete': (url) =>
        url.searchParams.get('q')?.startsWith('1208') ? autocompleteFixture : { results: [] },
    });
    renderApp({ path: '/scores', devSession: 'admin' });
    await screen.findByTestId('empty-search', {}, SLOW);
    const box = screen.getByLabelText('Address');
    await user.type(box, '1208 Ced');
    expect(await screen.findByRole('option', { name: FIXTURE_ADDRESS }, SLOW)).toBeInTheDocument();
    await user.clear(box);
    await user.type(box, '905 Mag');
    // the answer for '1208 Ced' does not belong to '905 Mag': it is gone at once, not after the debounce
    expect(screen.queryByRole('option', { name: FIXTURE_ADDRESS })).not.toBeInTheDocument();
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(api.callsTo(ASSESSMENT_PATH)).toHaveLength(1));
    expect(api.callsTo(ASSESSMENT_PATH)[0]!.searchParams.get('location')).toBe('905 Mag');
  });

  it('gets the map ready once someone starts typing, and its first satellite tiles once the property is known', async () => {
    const user = userEvent.setup();
    const api = propertyApi({
      '/api/map/sources': () => ({
        satelliteTiles: '/api/tiles/satellite/{z}/{x}/{y}.png?exp=1&sig=s',
        styles: {
          street: '/api/map/style/street.json?exp=1&sig=s',
          satellite: '/api/map/style/satellite.json?exp=1&sig=s',
        },
        expiresAt: '2030-01-01T00:00:00Z',
      }),
    });
    const tiles = () => api.calls.filter((url) => url.pathname.startsWith('/api/tiles/satellite/'));
    renderApp({ path: '/scores', devSession: 'admin' });
    await screen.findByTestId('empty-search', {}, SLOW);
    expect(api.callsTo('/api/map/sources')).toHaveLength(0);
    await user.type(screen.getByLabelText('Address'), '1208 Ced');
    // the first keystroke: map sources and the satellite style, before any search is made
    await waitFor(() => expect(api.callsTo('/api/map/style/satellite.json')).toHaveLength(1));
    expect(api.callsTo('/api/map/sources')).toHaveLength(1);
    expect(api.callsTo(ASSESSMENT_PATH)).toHaveLength(0);
    expect(tiles()).toHaveLength(0);
    await user.click(await screen.findByRole('option', { name: FIXTURE_ADDRESS }, SLOW));
    await screen.findByTestId('resolved-address');
    await waitFor(() => expect(tiles().length).toBeGreaterThan(0));
    expect(new Set(tiles().map((url) => url.pathname.split('/')[4])).size).toBe(1); // one level: the map's first view
  });
});

describe('one product in depth', () => {
  it('lists every factor with value and contribution, the model version and a stale-imagery note', async () => {
    propertyApi({ [ASSESSMENT_PATH]: () => assessmentFixture({ asOf: '2022-07-18' }) });
    renderApp({ path: `/scores/zfire${search()}`, devSession: 'admin' });
    const detail = await screen.findByTestId('product-detail', {}, SLOW);
    const rows = within(detail).getAllByTestId('factor-row');
    expect(rows).toHaveLength(5);
    expect(rows[0]).toHaveTextContent('Vegetation cover');
    expect(rows[0]).toHaveTextContent('62%');
    expect(within(detail).getByTestId('model-version')).toHaveTextContent('zfire-2.3.0');
    expect(within(detail).getByTestId('imagery-date')).toHaveTextContent('July 18, 2022');
    expect(within(detail).getByTestId('staleness-note')).toHaveTextContent(/captured \d+ years ago/);
    expect(within(detail).getByTestId('waterfall')).toBeInTheDocument();
  });

  it('shows the roof install year and evidence, and Z-PROPERTY attributes and condition', async () => {
    propertyApi();
    const roof = renderApp({ path: `/scores/roof_age${search()}`, devSession: 'admin' });
    expect(await screen.findByTestId('roof-install-year', {}, SLOW)).toHaveTextContent('2017');
    expect(screen.getByRole('table', { name: 'Roof age evidence' })).toHaveTextContent('BLD-2017-04412');
    roof.unmount();
    renderApp({ path: `/zproperty${search()}`, devSession: 'admin' });
    expect(await screen.findByTestId('condition', {}, SLOW)).toHaveTextContent('Good · 7.8 / 10');
    expect(screen.getByRole('table', { name: 'Attributes' })).toHaveTextContent('Roof area');
  });

  it('tells an organisation without the product that it is not enabled', async () => {
    propertyApi();
    renderApp({ path: `/zfire${search()}`, devSession: 'member' });
    expect(await screen.findByText('Z-FIRE is not enabled', {}, SLOW)).toBeInTheDocument();
  });
});

describe('the user-selected product', () => {
  it('is remembered from the product in the path and shown again on /scores', async () => {
    propertyApi();
    const first = renderApp({ path: `/scores/zhail${search()}`, devSession: 'admin' });
    await screen.findByTestId('product-detail', {}, SLOW);
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.userSelectedProduct)!)).toEqual({ value: 'zhail' }),
    );
    first.unmount();
    renderApp({ path: `/scores${search()}`, devSession: 'admin' });
    const detail = await screen.findByTestId('product-detail', {}, SLOW);
    expect(within(detail).getAllByTestId('product-name')[0]).toHaveTextContent('Z-HAIL');
  });

  it('is cleared when the organisation does not enable it', async () => {
    propertyApi();
    localStorage.setItem(STORAGE_KEYS.userSelectedProduct, JSON.stringify({ value: 'zfire' }));
    renderApp({ path: `/scores${search()}`, devSession: 'member' });
    await screen.findByTestId('score-cards', {}, SLOW);
    expect(localStorage.getItem(STORAGE_KEYS.userSelectedProduct)).toBeNull();
  });
});

describe('product pages', () => {
  it('gives /zfire a page of its own when no property is selected: what it measures, its model version and factors', async () => {
    propertyApi({
      '/api/caribou/specifications': () => ({
        specifications: [
          {
            product: 'zfire',
            modelVersion: 'zfire-2.3.0',
            description: 'Wildfire risk to the structure.',
            scoreRange: { min: 1, max: 10, decimals: 1 },
            baseScore: 3,
            riskLevels: { medium: 4, high: 7 },
            factors: [
              {
                key: 'vegetation_cover',
                name: 'Vegetation cover',
                unit: '%',
                range: { min: 0, max: 100 },
                contributionRange: { min: -0.5, max: 2.5 },
                description: 'Share of the parcel under trees and shrubs.',
              },
            ],
          },
        ],
      }),
    });
    renderApp({ path: '/zfire', devSession: 'admin' });
    const overview = await screen.findByTestId('product-overview', {}, SLOW);
    expect(await within(overview).findByText('Wildfire risk to the structure.', {}, SLOW)).toBeInTheDocument();
    expect(within(overview).getByTestId('product-model')).toHaveTextContent('zfire-2.3.0');
    expect(within(overview).getByTestId('product-factor')).toHaveTextContent('Vegetation cover');
    expect(within(overview).getByTestId('product-factor')).toHaveTextContent('−0.50 to +2.50');
    expect(screen.queryByTestId('empty-search')).not.toBeInTheDocument();
  });
});

describe('historical look-back', () => {
  it("asks again as of the chosen date and shows those scores beside today's", async () => {
    const user = userEvent.setup();
    const api = propertyApi();
    renderApp({ path: `/scores${search()}`, devSession: 'admin' });
    await screen.findByTestId('resolved-address', {}, SLOW);
    await user.click(screen.getByLabelText('Compare with imagery of'));
    await user.click(await screen.findByRole('option', { name: 'June 2, 2024' }));
    const rows = await screen.findAllByTestId('look-back-row');
    expect(rows).toHaveLength(7);
    expect(api.callsTo(ASSESSMENT_PATH).map((url) => url.searchParams.get('as_of'))).toEqual([null, '2024-06-02']);
    // fire: 6.9 then, 7.3 today
    expect(rows[0]).toHaveTextContent('Z-FIRE');
    expect(rows[0]).toHaveTextContent('6.9');
    expect(rows[0]).toHaveTextContent('+0.4');
    expect(within(screen.getByRole('region', { name: 'Z-FIRE' })).getByTestId('previous-score')).toHaveTextContent(
      '6.9',
    );
    // dates in the long en-US form, like everywhere else
    expect(within(screen.getByRole('region', { name: 'Z-FIRE' })).getByText(/As of June 2, 2024/)).toBeInTheDocument();
  });

  it('tracks view_latest_data when the user goes back from a look-back date to the latest data', async () => {
    const user = userEvent.setup();
    propertyApi();
    renderApp({ path: `/scores${search()}`, devSession: 'admin' });
    await screen.findByTestId('resolved-address', {}, SLOW);
    await user.click(screen.getByLabelText('Compare with imagery of'));
    await user.click(await screen.findByRole('option', { name: 'June 2, 2024' }));
    await screen.findAllByTestId('look-back-row');
    expect(tracked.filter(([event]) => event === 'view_latest_data')).toEqual([]);
    await user.click(screen.getByLabelText('Compare with imagery of'));
    await user.click(await screen.findByRole('option', { name: 'No comparison' }));
    await waitFor(() => expect(screen.queryByTestId('look-back-row')).not.toBeInTheDocument());
    expect(tracked.filter(([event]) => event === 'view_latest_data')).toEqual([
      ['view_latest_data', expect.objectContaining({ from_date: '2024-06-02' })],
    ]);
  });

  it('is not offered without the historical look-back feature', async () => {
    propertyApi();
    renderApp({ path: `/scores${search()}`, devSession: 'member' });
    await screen.findByTestId('resolved-address', {}, SLOW);
    expect(screen.queryByLabelText('Compare with imagery of')).not.toBeInTheDocument();
  });
});
