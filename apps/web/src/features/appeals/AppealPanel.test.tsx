import type { AppealFeature, DraftDetailsResponse, ScoreResult } from '@zview/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../api/client';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders, sessionFixture } from '../../../test/render';
import { recordTracking } from '../../../test/tracking';
import { AppealButton } from './index';
import { factorChanges, inputProblem, modifiedFeatures, parseControlValue } from './model';

const tracked = recordTracking();
beforeEach(() => setAccessToken('test-access-token'));
afterEach(() => {
  tracked.length = 0;
  vi.unstubAllGlobals();
});

const score = (value: number, material: string, extra: Partial<ScoreResult> = {}): ScoreResult => ({
  product: 'zwind',
  score: value,
  riskLevel: value >= 7 ? 'high' : value >= 4 ? 'medium' : 'low',
  baseScore: 3,
  confidence: { value: 0.9, label: 'high' },
  factors: [
    {
      key: 'design_wind_speed',
      name: 'Design wind speed',
      value: 152,
      unit: 'mph',
      description: '',
      contribution: value - 3 - (material === 'metal' ? -0.2 : 0),
    },
    {
      key: 'roof_material',
      name: 'Roof material',
      value: material,
      unit: null,
      description: '',
      contribution: material === 'metal' ? -0.2 : 0,
    },
  ],
  modelVersion: 'zwind-1.2.0',
  asOf: '2026-09-12',
  unavailableReason: null,
  ...extra,
});

const FEATURES: AppealFeature[] = [
  {
    key: 'roof_material',
    name: 'Roof material',
    unit: null,
    domain: { kind: 'category', values: ['asphalt_shingle', 'metal', 'slate'] },
    current: 'slate',
    published: null,
  },
  {
    key: 'roof_install_year',
    name: 'Roof install year',
    unit: null,
    domain: { kind: 'number', min: 1800, max: 2027, integer: true },
    current: 2023,
    published: null,
  },
];
const SUBJECT = {
  propertyId: 'p-1',
  h3Index: '8726a0a6affffff',
  address: { formatted: '905 Magnolia Ave, Mobile, AL 36604' },
};
const allowed = (publish: boolean) => ({
  saveDraft: true,
  revertDraft: false,
  pushDraft: false,
  pushAppeal: true,
  review: false,
  publish,
  reject: false,
  expire: false,
});
const APPEAL = {
  id: 7,
  organizationId: 200,
  propertyId: 'p-1',
  h3Index: SUBJECT.h3Index,
  address: SUBJECT.address.formatted,
  product: 'zwind' as const,
  featureName: 'roof_material',
  status: 'draft' as const,
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

function details(publish: boolean, appeal: DraftDetailsResponse['appeal'] = null): DraftDetailsResponse {
  return { features: FEATURES, appeal, allowed: allowed(publish), current: score(4.1, 'slate'), versions: [] };
}

const session = (products: string[], name: 'member' | 'groupAdmin' = 'member') =>
  sessionFixture(name, { organizations: [{ id: 200, name: 'Appeals Co', products }] });

function setup(
  options: {
    publish?: boolean;
    appeal?: DraftDetailsResponse['appeal'];
    products?: string[];
    result?: ScoreResult;
  } = {},
) {
  const api = fakeApi({
    '/api/caribou/appeals/draft_details': () => details(options.publish ?? false, options.appeal ?? null),
    '/api/caribou/appeals/recalculate': () => ({
      current: score(4.1, 'slate'),
      recalculated: score(3.9, 'metal'),
      manualInputs: { roof_material: 'metal' },
    }),
    '/api/caribou/appeals/features_modification': () => ({ appeal: APPEAL, version: null }),
    '/api/caribou/appeals/publish_features_modification': () => ({
      appeal: { ...APPEAL, status: 'accepted', scoreAfter: 3.9 },
      version: 1,
    }),
  });
  renderWithProviders(
    <AppealButton product="zwind" result={options.result ?? score(4.1, 'slate')} location={SUBJECT} />,
    { session: session(options.products ?? ['zwind', 'appeals'], options.publish ? 'groupAdmin' : 'member') },
  );
  const calls = api.fetchMock.mock.calls as unknown as [RequestInfo | URL, RequestInit | undefined][];
  const body = (path: string) =>
    JSON.parse(String(calls.find(([input]) => String(input).includes(path))?.[1]?.body ?? 'null'));
  return { api, body };
}

const chooseRoof = async (user: ReturnType<typeof userEvent.setup>, label: string) => {
  await user.click(within(await screen.findByTestId('feature-roof_material')).getByRole('combobox'));
  await user.click(screen.getByRole('option', { name: label }));
};

describe('AppealButton', () => {
  it('is absent without the appeals feature, and says when a score was amended by appeal', () => {
    setup({
      products: ['zwind'],
      result: score(3.9, 'metal', {
        amendedByAppeal: { appealId: 7, version: 1, publishedAt: '2026-11-24T01:00:00.000Z' },
      }),
    });
    expect(screen.queryByRole('button', { name: 'Appeal' })).toBeNull();
    expect(screen.getByTestId('amended-by-appeal')).toHaveTextContent('Amended by appeal · November 24, 2026');
  });

  it('opens the panel with the model features and tracks appeal_clicked', async () => {
    const user = userEvent.setup();
    setup();
    await user.click(screen.getByRole('button', { name: 'Appeal' }));
    expect(await screen.findByText('Appeal the Z-WIND score')).toBeInTheDocument();
    expect(within(screen.getByTestId('feature-roof_material')).getByText('Slate')).toBeInTheDocument();
    expect(tracked[0]).toEqual({ event: 'appeal_clicked', properties: { product: 'zwind', property_id: 'p-1' } });
  });
});

describe('AppealPanel', () => {
  it('edits a feature, recalculates and shows old and new side by side; a member may submit but not publish', async () => {
    const user = userEvent.setup();
    const { body } = setup();
    await user.click(screen.getByRole('button', { name: 'Appeal' }));
    expect(await screen.findByRole('button', { name: 'Recalculate' })).toBeDisabled();
    await chooseRoof(user, 'Metal');
    expect(tracked.map((t) => t.event)).toContain('feature_manipulated');
    await user.click(screen.getByRole('button', { name: 'Recalculate' }));
    expect(await screen.findByTestId('score-comparison')).toBeInTheDocument();
    expect(screen.getByTestId('score-current-score')).toHaveTextContent('4.1');
    expect(screen.getByTestId('score-recalculated-score')).toHaveTextContent('3.9');
    expect(screen.getByTestId('score-delta')).toHaveTextContent('The score falls by 0.2 points.');
    expect(body('recalculate')).toMatchObject({
      propertyId: 'p-1',
      h3Index: SUBJECT.h3Index,
      product: 'zwind',
      featureName: 'roof_material',
      manualInputs: { roof_material: 'metal' },
    });
    expect(tracked.filter((t) => t.event === 'features_modified')[0]!.properties).toMatchObject({
      features: ['roof_material'],
    });
    expect(tracked.find((t) => t.event === 'new_score_calculated')!.properties).toMatchObject({
      old_score: 4.1,
      new_score: 3.9,
    });
    expect(screen.getByRole('button', { name: 'Submit appeal' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Publish new score' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByTestId('appeal-notice')).toHaveTextContent('Draft saved.');
    expect(tracked.map((t) => t.event)).toContain('draft_saved');
  });

  it('refuses an out-of-range year before sending it', async () => {
    const user = userEvent.setup();
    setup();
    await user.click(screen.getByRole('button', { name: 'Appeal' }));
    await user.type(await screen.findByRole('spinbutton', { name: 'Roof install year corrected value' }), '1700');
    expect(screen.getByText('Between 1800 and 2027.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Recalculate' })).toBeDisabled();
  });

  it('retrieves a saved draft (draft_retrieved)', async () => {
    const user = userEvent.setup();
    setup({ appeal: APPEAL });
    await user.click(screen.getByRole('button', { name: 'Appeal' }));
    await user.click(await screen.findByRole('button', { name: 'Retrieve draft' }));
    expect(within(screen.getByTestId('feature-roof_material')).getByRole('combobox')).toHaveTextContent('Metal');
    expect(tracked.find((t) => t.event === 'draft_retrieved')!.properties).toMatchObject({ appeal_id: 7 });
  });

  it('lets a reviewer publish (appeal_published)', async () => {
    const user = userEvent.setup();
    const { body } = setup({ publish: true });
    await user.click(screen.getByRole('button', { name: 'Appeal' }));
    await chooseRoof(user, 'Metal');
    await user.click(screen.getByRole('button', { name: 'Publish new score' }));
    await waitFor(() =>
      expect(screen.getByTestId('appeal-notice')).toHaveTextContent(
        'Published: the Z-WIND score is now 3.9 (version 1).',
      ),
    );
    expect(body('publish_features_modification')).toMatchObject({ manualInputs: { roof_material: 'metal' } });
    expect(tracked.find((t) => t.event === 'appeal_published')!.properties).toMatchObject({
      appeal_id: 7,
      version: 1,
      new_score: 3.9,
    });
  });
});

describe('appeal model helpers', () => {
  it('parses control values by domain and flags bad numbers', () => {
    expect(parseControlValue(FEATURES[1]!, '2001')).toBe(2001);
    expect(inputProblem(FEATURES[1]!, 2001.5, '2001.5')).toBe('Enter a whole number.');
    expect(inputProblem(FEATURES[1]!, 2001, '2001')).toBeNull();
    expect(modifiedFeatures(FEATURES, { roof_material: 'slate', roof_install_year: 2001 })).toEqual([
      'roof_install_year',
    ]);
  });

  it('pairs factors before and after, largest change first', () => {
    const rows = factorChanges(score(4.1, 'slate'), score(3.9, 'metal'));
    expect(rows[0]).toMatchObject({ key: 'roof_material', before: 0, after: -0.2 });
  });
});
