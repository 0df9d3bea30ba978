import { Random, hashString } from '../random.js';
import type { FilingRecord } from '../../db/zorro-write.js';
import { STATE_NAMES } from '../../domain/zorro/states.js';

/**
 * The sample corpus of regulatory rate filings (data discovery). Deterministic: filing i of a seed
 * is always the same, generated on its own. Consistent with the sample world's hazards: wildfire
 * models in the West (CA, CO, OR…), hail and roof age in the Plains, hurricane wind along the Gulf
 * and Atlantic, severe storms in Dixie Alley, and the regulatory-set states of SPEC §9 (AL, GA,
 * LA, MS, NC, OK, SC), where filings draw more objections. Companies, groups, vendors and their
 * models other than ours are invented; every generated filing is labelled sample.
 */
export { STATE_NAMES };
export const REGULATORY_SET_STATES = ['AL', 'GA', 'LA', 'MS', 'NC', 'OK', 'SC'];

type Hazard = 'wildfire' | 'hail' | 'wind' | 'storm' | 'flood';
const HAZARDS_BY_STATE: Record<string, Hazard[]> = {
  CA: ['wildfire'],
  CO: ['wildfire', 'hail'],
  OR: ['wildfire'],
  WA: ['wildfire'],
  ID: ['wildfire'],
  MT: ['wildfire', 'hail'],
  NM: ['wildfire'],
  AZ: ['wildfire'],
  UT: ['wildfire'],
  NV: ['wildfire'],
  TX: ['hail', 'wind'],
  OK: ['hail', 'storm'],
  KS: ['hail'],
  NE: ['hail'],
  SD: ['hail'],
  ND: ['hail'],
  MN: ['hail'],
  IA: ['hail'],
  MO: ['hail', 'storm'],
  FL: ['wind', 'flood'],
  AL: ['wind', 'storm'],
  MS: ['wind', 'storm'],
  LA: ['wind', 'flood'],
  GA: ['storm', 'wind'],
  SC: ['wind', 'flood'],
  NC: ['wind'],
  VA: ['wind'],
  TN: ['storm'],
  AR: ['storm', 'hail'],
  KY: ['storm'],
};
/** More filings where the sample world lives and where hazards make filings news. */
const STATE_WEIGHT = (state: string) =>
  HAZARDS_BY_STATE[state]
    ? REGULATORY_SET_STATES.includes(state) || ['CA', 'CO', 'OR', 'TX', 'KS', 'FL'].includes(state)
      ? 6
      : 3
    : 1;
const STATES = Object.keys(STATE_NAMES).map((s) => [s, STATE_WEIGHT(s)] as const);

interface Model {
  name: string;
  vendor: string;
  category: 'wildfire' | 'hail' | 'wind' | 'roof age' | 'flood' | 'storm' | 'catastrophe';
  ours: boolean;
}
const MODELS: Record<Hazard | 'roof', Model[]> = {
  wildfire: [
    { name: 'Z-FIRE', vendor: 'Z-VIEW', category: 'wildfire', ours: true },
    { name: 'EmberScore', vendor: 'Cindervale Analytics', category: 'wildfire', ours: false },
    { name: 'WildRisk Pro', vendor: 'Terrametric', category: 'wildfire', ours: false },
    { name: 'BlazeIndex', vendor: 'Northfield Catastrophe Modeling', category: 'wildfire', ours: false },
  ],
  hail: [
    { name: 'Z-HAIL', vendor: 'Z-VIEW', category: 'hail', ours: true },
    { name: 'HailGrid', vendor: 'Stormfront Data', category: 'hail', ours: false },
  ],
  roof: [
    { name: 'ROOF AGE', vendor: 'Z-VIEW', category: 'roof age', ours: true },
    { name: 'RoofIQ', vendor: 'Aerial Metrics', category: 'roof age', ours: false },
  ],
  wind: [
    { name: 'Z-WIND', vendor: 'Z-VIEW', category: 'wind', ours: true },
    { name: 'HurriSim', vendor: 'Coastline Modeling', category: 'wind', ours: false },
    { name: 'Tempest CAT', vendor: 'Meridian Risk', category: 'catastrophe', ours: false },
  ],
  storm: [
    { name: 'Z-STORM', vendor: 'Z-VIEW', category: 'storm', ours: true },
    { name: 'SevereSight', vendor: 'Stormfront Data', category: 'storm', ours: false },
  ],
  flood: [
    { name: 'Z-PROPERTY', vendor: 'Z-VIEW', category: 'catastrophe', ours: true },
    { name: 'FloodLine', vendor: 'Riverbend Analytics', category: 'flood', ours: false },
  ],
};
export const ALL_MODEL_NAMES = Object.values(MODELS).flatMap((list) => list.map((m) => m.name));

const GROUPS = [
  ['Heartland Mutual Group', '0101'],
  ['Pinecrest Insurance Group', '0212'],
  ['Magnolia Holdings Group', '0333'],
  ['Summit Ridge Group', '0458'],
  ['Bayou Casualty Group', '0561'],
  ['Frontier National Group', '0674'],
  ['Palmetto Shield Group', '0789'],
  ['Great Plains Farm Group', '0812'],
  ['Coastal Keystone Group', '0927'],
  ['Cascade Alliance Group', '1034'],
  ['Liberty Oak Group', '1148'],
  ['Granite Harbor Group', '1259'],
] as const;
const COMPANY_STEMS = [
  'Mutual Insurance Company',
  'Casualty Company',
  'Property & Casualty Insurance Company',
  'Fire Insurance Company',
  'Indemnity Company',
  'Home Insurance Company',
];
const COMPANY_PREFIX = [
  'Heartland',
  'Prairie',
  'Pinecrest',
  'Sierra Crest',
  'Magnolia',
  'Dogwood',
  'Summit Ridge',
  'Alpine',
  'Bayou',
  'Delta',
  'Frontier',
  'Mesa',
  'Palmetto',
  'Sea Island',
  'Great Plains',
  'Sunflower',
  'Coastal',
  'Keystone',
  'Cascade',
  'Evergreen',
  'Liberty Oak',
  'Colonial',
  'Granite',
  'Harbor',
];
/** Companies: two per prefix, each in the group its prefix belongs to. */
export const COMPANIES = COMPANY_PREFIX.flatMap((prefix, i) =>
  [0, 1].map((k) => {
    const group = GROUPS[Math.floor(i / 2)]!;
    const name = `${prefix} ${COMPANY_STEMS[(i * 2 + k) % COMPANY_STEMS.length]}`;
    const words = prefix.toUpperCase().split(' ');
    const initials = words.length > 1 ? words.map((w) => w[0]).join('') : words[0]!.slice(0, 2);
    const code = initials + ['MU', 'CA', 'PC', 'FI', 'IN', 'HO'][(i * 2 + k) % 6]!;
    return { name, group: group[0], naicCode: String(10000 + (hashString(name) % 89999)), code };
  }),
);

const LINES = [
  ['homeowners', 10],
  ['dwelling fire', 4],
  ['commercial property', 3],
  ['farmowners', 1],
  ['mobile home', 1],
] as const;
const TYPES = [
  ['rate', 5],
  ['rate/rule', 4],
  ['rule', 2],
  ['form', 1],
] as const;
const COVERAGES: Record<string, string[]> = {
  homeowners: [
    'Coverage A - Dwelling',
    'Coverage B - Other Structures',
    'Coverage C - Personal Property',
    'Coverage E - Personal Liability',
  ],
  'dwelling fire': ['Dwelling', 'Other Structures', 'Fair Rental Value'],
  'commercial property': ['Building', 'Business Personal Property', 'Business Income'],
  farmowners: ['Farm Dwelling', 'Barns and Outbuildings', 'Farm Personal Property'],
  'mobile home': ['Unit', 'Personal Property', 'Liability'],
};
const DAY = 86_400_000;
const START = Date.UTC(2019, 0, 1);
const END = Date.UTC(2026, 9, 31);
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const pct = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(1)}%`;
const round1 = (x: number) => Math.round(x * 10) / 10;

export interface GeneratedFiling extends FilingRecord {
  id: number;
}
/** Generated rows get ids from here up, so imported filings (from the sequence) never collide. */
export const GENERATED_ID_BASE = 1_000_000_000;

export function generateFiling(seed: number, index: number): GeneratedFiling {
  const r = Random.of(seed, 0x5e4ff, index);
  const state = r.weighted(STATES);
  const stateName = STATE_NAMES[state]!;
  const company = r.pick(COMPANIES);
  const line = r.weighted(LINES);
  const filingType = r.weighted(TYPES);
  const submittedMs = START + Math.floor(r.next() * ((END - START) / DAY)) * DAY;
  const year = new Date(submittedMs).getUTCFullYear();
  const hazards = HAZARDS_BY_STATE[state] ?? [];
  const regulatorySet = REGULATORY_SET_STATES.includes(state);

  // Models cited: the state's hazards (most filings there cite one), roof age in the Plains.
  const cited: Model[] = [];
  for (const hazard of hazards)
    if (r.chance(0.7)) cited.push(r.chance(0.35) ? MODELS[hazard][0]! : r.pick(MODELS[hazard]));
  if (hazards.includes('hail') && r.chance(0.45)) cited.push(r.pick(MODELS.roof));
  if (!hazards.length && r.chance(0.15)) cited.push(r.pick([...MODELS.storm, ...MODELS.flood]));
  const models = [...new Map(cited.map((m) => [m.name, m])).values()];

  // Rate change: the hard market of 2023–2024, more where hazards bite, none for form filings.
  const trend = year >= 2023 && year <= 2024 ? 9 : year >= 2025 ? 6 : 3.5;
  const hazardLoad = hazards.length
    ? 3 + (hazards.includes('wildfire') ? 4 : 0) + (hazards.includes('wind') ? 2 : 0)
    : 0;
  const overall = filingType === 'form' ? null : round1(Math.max(-15, trend + hazardLoad + r.gaussian() * 6));

  const statusDraw = r.next();
  const pendingLikely = submittedMs > END - 200 * DAY;
  const status =
    pendingLikely && r.chance(0.7)
      ? 'pending'
      : statusDraw < (regulatorySet ? 0.1 : 0.04)
        ? 'disapproved'
        : statusDraw < 0.14
          ? 'withdrawn'
          : 'approved';
  const dispositionMs = status === 'pending' ? null : submittedMs + r.int(25, 200) * DAY;
  const effectiveMs = status === 'approved' ? dispositionMs! + r.int(15, 120) * DAY : null;
  const tracking = `${company.code}-${String(year % 100).padStart(2, '0')}${String(mixDigits(seed, index)).padStart(7, '0')}`;

  const modelNames = models.map((m) => m.name);
  const vendors = [...new Set(models.map((m) => m.vendor))];
  const categories = [...new Set(models.map((m) => m.category))];
  const typeLabel = filingType === 'rate/rule' ? 'Rate/Rule' : filingType[0]!.toUpperCase() + filingType.slice(1);
  const lineLabel = line.replace(/\b\w/g, (c) => c.toUpperCase());
  const title = `${stateName} ${lineLabel} ${typeLabel} Filing${models.length ? ` – ${models.map((m) => m.name).join(', ')}` : ''}`;
  const effectiveText = effectiveMs ? iso(effectiveMs) : 'a date to be set on approval';
  const modelSentence = models.length
    ? `The Company introduces ${models.map((m) => `the ${m.name} ${m.category} model from ${m.vendor}`).join(' and ')} as a rating variable.`
    : 'No third-party catastrophe or risk-scoring model is introduced by this filing.';

  const coverages =
    overall === null
      ? []
      : (COVERAGES[line] ?? []).map((coverage, k) => ({
          coverage,
          change: round1(overall + (k === 0 ? 1.5 : -1) * r.range(0, 3) + r.gaussian()),
        }));
  const summary = `${company.name} (${company.group}) filed a ${filingType} filing for ${line} in ${stateName}${overall === null ? '' : ` with an overall rate change of ${pct(overall)}`}. ${modelSentence}`;

  const documents: FilingRecord['documents'] = [];
  const memo: string[] = [
    `ACTUARIAL MEMORANDUM\n${company.name}, a member of ${company.group} (NAIC company code ${company.naicCode}), submits this ${filingType} filing for its ${line} program in ${stateName} (SERFF tracking number ${tracking}). ` +
      (overall === null
        ? `The filing revises policy forms and endorsements and has no rate impact.`
        : `The Company proposes an overall rate change of ${pct(overall)}, effective ${effectiveText} for new and renewal business.`) +
      ` ${modelSentence}`,
    `Indications. The experience period is ${year - 5} through ${year - 1}. The five-year ${line} loss and loss adjustment expense ratio is ${(58 + r.range(0, 25)).toFixed(1)}%, ` +
      `with non-catastrophe losses trended at ${r.range(3, 8).toFixed(1)}% a year. ` +
      (overall === null
        ? ''
        : `The indicated change is ${pct(overall + r.range(0, 6))}; the Company selects ${pct(overall)} to limit policyholder disruption. `) +
      hazardParagraph(hazards, models, stateName, r),
  ];
  if (models.length) memo.push(modelParagraph(models, stateName, line, r));
  documents.push({ kind: 'actuarial memorandum', title: 'Actuarial Memorandum', pages: memo });
  if (overall !== null)
    documents.push({ kind: 'rate pages', title: 'Rate Pages', pages: [ratePage(coverages, models, r)] });
  if (filingType !== 'rate')
    documents.push({ kind: 'rule manual', title: 'Rule Manual', pages: [rulePage(models, hazards, line, r)] });
  if (models.length) {
    documents.push({
      kind: 'model documentation',
      title: `${models[0]!.name} Model Documentation`,
      pages: models.map(
        (m) =>
          `MODEL DOCUMENTATION – ${m.name} (${m.vendor})\n${m.name} is a ${m.category} model. It scores each location from property attributes and the surrounding hazard: ` +
          `${m.category === 'wildfire' ? 'vegetation, slope, fuel and distance to the wildland-urban interface' : m.category === 'hail' ? 'hail climatology, storm history and roof material' : m.category === 'roof age' ? 'roof age from aerial imagery and building permits' : 'wind speeds, distance to coast, terrain roughness and construction'}. ` +
          `Validation on ${stateName} data shows a loss ratio relativity from ${r.range(0.4, 0.7).toFixed(2)} for the best decile to ${r.range(1.8, 3.2).toFixed(2)} for the worst.`,
      ),
    });
  }

  const objections: FilingRecord['objections'] = [];
  const objectionCount =
    status === 'pending' ? r.int(0, 1) : r.int(0, regulatorySet ? 3 : 2) + (status === 'disapproved' ? 1 : 0);
  for (let k = 0; k < objectionCount && dispositionMs !== null; k++) {
    const objectedMs = submittedMs + (k + 1) * r.int(10, 30) * DAY;
    const about = models.length && k === 0 ? models[0]! : null;
    const objection = about
      ? `Please provide validation of the ${about.name} ${about.category} model against ${stateName} loss experience, explain how the model's scores are capped, and confirm that the model has been reviewed by the Department${regulatorySet ? ' as the regulatory-set rules of this state require' : ''}.`
      : r.pick([
          `The proposed ${overall === null ? 'forms' : `overall change of ${pct(overall ?? 0)}`} is not supported by the indications. Please provide the derivation of the catastrophe load and the expense provisions.`,
          `Please explain the selection of the trend period and provide the ${stateName} premium and loss data by territory.`,
          `Please provide a policyholder dislocation analysis showing the distribution of premium changes.`,
        ]);
    const response = about
      ? `The Company has attached the ${about.vendor} validation study for ${stateName}. Scores are capped at the 99th percentile and relativities are limited to the range shown on the rate pages.`
      : `The Company has provided the requested exhibits. The selected change is below the indication and premium changes are capped at ${r.int(15, 30)}% for any policyholder.`;
    objections.push({
      objectedOn: iso(objectedMs),
      objection,
      respondedOn: iso(objectedMs + r.int(5, 25) * DAY),
      response,
    });
  }
  if (objections.length) {
    documents.push({
      kind: 'objection letter',
      title: 'Objection Letters and Responses',
      pages: objections.map(
        (o, k) => `OBJECTION ${k + 1} (${o.objectedOn})\n${o.objection}\n\nRESPONSE (${o.respondedOn})\n${o.response}`,
      ),
    });
  }

  return {
    id: GENERATED_ID_BASE + index,
    trackingNumber: tracking,
    state,
    company: company.name,
    naicGroup: company.group,
    naicCode: company.naicCode,
    line,
    filingType,
    status,
    title,
    summary,
    submittedOn: iso(submittedMs),
    dispositionOn: dispositionMs === null ? null : iso(dispositionMs),
    effectiveOn: effectiveMs === null ? null : iso(effectiveMs),
    overallChange: overall,
    models: modelNames,
    vendors,
    categories,
    coverages,
    objections,
    documents,
    source: 'generated',
    sample: true,
  };
}

/** Seven digits, distinct for every index below ten million (7919 is prime to 10^7). */
function mixDigits(seed: number, index: number): number {
  return (index * 7919 + (seed % 1000) * 10_007) % 10_000_000;
}

function hazardParagraph(hazards: Hazard[], models: Model[], stateName: string, r: Random): string {
  if (!hazards.length)
    return `Catastrophe losses are loaded with a ${r.range(4, 9).toFixed(1)}% provision based on twenty years of ${stateName} experience.`;
  const parts = hazards.map((h) =>
    h === 'wildfire'
      ? `Wildfire losses are no longer estimated from historical experience alone: the wildfire catastrophe load of ${r.range(8, 22).toFixed(1)}% of premium reflects modelled wildfire losses in the wildland-urban interface.`
      : h === 'hail'
        ? `Hail is the largest peril in ${stateName}; the hail load of ${r.range(10, 25).toFixed(1)}% reflects convective storm seasons, and roof age and roof material drive the loss cost.`
        : h === 'wind'
          ? `The hurricane load of ${r.range(12, 30).toFixed(1)}% of premium is based on modelled hurricane wind losses for coastal and inland territories.`
          : h === 'storm'
            ? `Severe convective storms (tornado, straight-line wind and hail) add a load of ${r.range(6, 14).toFixed(1)}%.`
            : `Flood and storm surge are excluded; the water damage load is ${r.range(2, 6).toFixed(1)}%.`,
  );
  return `${parts.join(' ')}${models.length ? '' : ' The Company relies on its own experience and does not use a third-party model.'}`;
}

function modelParagraph(models: Model[], stateName: string, line: string, r: Random): string {
  return (
    `Use of models. ` +
    models
      .map(
        (m) =>
          `The ${m.name} score from ${m.vendor} assigns each ${line} risk a ${m.category} relativity between ${r.range(0.6, 0.9).toFixed(2)} and ${r.range(1.5, 3).toFixed(2)}. ` +
          `${m.ours ? 'The score is delivered through the Z-VIEW platform at quote and at renewal. ' : ''}`,
      )
      .join('') +
    `The Company has reviewed the models' documentation and validated them against ${stateName} policies; the rating plan caps any policy's increase from the model at ${r.int(10, 25)}%.`
  );
}

function ratePage(coverages: { coverage: string; change: number }[], models: Model[], r: Random): string {
  const rows = coverages.map((c) => {
    const current = r.range(300, 1500);
    return `${c.coverage.padEnd(34)} ${current.toFixed(2).padStart(9)} ${(current * (1 + c.change / 100)).toFixed(2).padStart(9)} ${pct(c.change).padStart(7)}`;
  });
  const relativities = models.length
    ? `\n\n${models[0]!.name} ${models[0]!.category} relativities by score band:\n` +
      ['1–20', '21–40', '41–60', '61–80', '81–100']
        .map((band, k) => `  ${band.padEnd(8)} ${(0.7 + k * r.range(0.2, 0.45)).toFixed(3)}`)
        .join('\n')
    : '';
  return `RATE PAGES – base rates by coverage\n${'Coverage'.padEnd(34)} ${'Current'.padStart(9)} ${'Proposed'.padStart(9)} ${'Change'.padStart(7)}\n${rows.join('\n')}${relativities}`;
}

function rulePage(models: Model[], hazards: Hazard[], line: string, r: Random): string {
  const rules = [
    hazards.includes('wildfire')
      ? `Rule 410 Wildfire Mitigation Credit: dwellings with defensible space and ember-resistant vents receive a credit of ${r.int(5, 15)}%.`
      : null,
    hazards.includes('hail')
      ? `Rule 415 Roof Age and Material: roofs older than ${r.int(10, 15)} years are settled at actual cash value; impact-resistant roofs receive a credit of ${r.int(10, 30)}%.`
      : null,
    hazards.includes('wind')
      ? `Rule 420 Windstorm Mitigation: fortified roofs and opening protection receive a wind credit of ${r.int(10, 40)}%.`
      : null,
    models.length
      ? `Rule 430 Use of Risk Scores: the ${models.map((m) => m.name).join(' and ')} score is ordered at new business and every third renewal.`
      : null,
    `Rule 100 Application of Rules: these rules apply to ${line} policies written on or after the effective date.`,
  ].filter(Boolean);
  return `RULE MANUAL\n${rules.join('\n')}`;
}
