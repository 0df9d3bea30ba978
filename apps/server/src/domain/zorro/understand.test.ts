import { describe, expect, it } from 'vitest';
import { STATE_NAMES } from './states.js';
import { understand, type CorpusNames } from './understand.js';
import { VOCABULARY } from './vocabulary.js';

/** Readings of typed questions (issue 40): general rules, over names like the corpus's. */
const NAMES: CorpusNames = {
  companies: [
    'Pinecrest Mutual Insurance Company',
    'Pinecrest Casualty Company',
    'Coastal Fire Insurance Company',
    'Coastal Property & Casualty Insurance Company',
    'Dogwood Indemnity Company',
    'Granite Fire Insurance Company',
  ],
  groups: ['Pinecrest Insurance Group', 'Granite Harbor Group'],
  models: ['Z-FIRE', 'ROOF AGE', 'RoofIQ', 'HurriSim', 'WildRisk Pro'],
};
const today = new Date('2026-11-28T12:00:00Z');
const read = (text: string, ignore: string[] = []) => understand(text, NAMES, { today, ignore });

describe('understand', () => {
  it('reads a misspelt company anywhere in the text, with a state by name', () => {
    const u = read('Pinecrest Mutal Oregon');
    expect(u.filters).toMatchObject({ company: 'Pinecrest Mutual Insurance Company', state: ['OR'] });
    expect(u.rest).toBe('');
    expect(u.chips.map((c) => c.kind)).toEqual(['company', 'state']);
  });

  it('reads a coined first word of a model name as the model, never a plain word', () => {
    expect(read('Delta Mutual Washington WildRisk').filters).toMatchObject({ model: ['WildRisk Pro'] });
    const plain = understand(
      'wildfire filings',
      { ...NAMES, models: [...NAMES.models, 'Wildfire Risk Score'] },
      { today },
    );
    expect(plain.filters.model).toBeUndefined();
    expect(plain.rest).toContain('wildfire');
  });

  it('never reads a word of the question as a misspelt company word ("file" is not "Fire")', () => {
    const names = {
      ...NAMES,
      companies: ['Frontier Fire Insurance Company', 'Frontier Property & Casualty Insurance Company'],
    };
    const u = understand('What rate change did Frontier file for farmowners in Montana?', names, { today });
    expect(u.filters.company).toBe('Frontier');
    expect(understand('Frontier Fire Montana', names, { today }).filters.company).toBe(
      'Frontier Fire Insurance Company',
    );
    expect(understand('Frontier Fir Montana', names, { today }).filters.company).toBe(
      'Frontier Fire Insurance Company',
    );
  });

  it('reads years and statuses as fields, not words', () => {
    const u = read('Dogwood Indemnity Florida 2022 withdrawn');
    expect(u.filters).toMatchObject({
      company: 'Dogwood Indemnity Company',
      state: ['FL'],
      submittedFrom: '2022-01-01',
      submittedTo: '2022-12-31',
      status: ['withdrawn'],
    });
    expect(read('since 2024').filters).toMatchObject({ submittedFrom: '2024-01-01' });
    expect(read('since 2024').filters.submittedTo).toBeUndefined();
    expect(read('between 2021 and 2023').filters).toMatchObject({
      submittedFrom: '2021-01-01',
      submittedTo: '2023-12-31',
    });
    expect(read('at the end of 2022').filters).toMatchObject({
      submittedFrom: '2022-01-01',
      submittedTo: '2022-12-31',
    });
    // chrono-node reads months and relative years.
    expect(read('filed in March 2024').filters).toMatchObject({
      submittedFrom: '2024-03-01',
      submittedTo: '2024-03-31',
    });
    expect(read('last year').filters).toMatchObject({ submittedFrom: '2025-01-01', submittedTo: '2025-12-31' });
  });

  it('reads lines, types (rate and rule is rate/rule) and statuses by their synonyms', () => {
    expect(read('manufactured home rate and rule filing').filters).toMatchObject({
      line: ['mobile home'],
      type: ['rate/rule'],
    });
    expect(read('dwelling filings rejected').filters).toMatchObject({
      line: ['dwelling fire'],
      status: ['disapproved'],
    });
    // A company named "… Fire" keeps its word; the line is still read.
    expect(read('Granite Fire dwelling fire').filters).toMatchObject({
      company: 'Granite Fire Insurance Company',
      line: ['dwelling fire'],
    });
  });

  it('reads rate conditions', () => {
    expect(read('over 10%').filters).toMatchObject({ rateMin: 10 });
    expect(read('under 5 percent').filters).toMatchObject({ rateMax: 5 });
    expect(read('about 17%').filters).toMatchObject({ rateMin: 15.3, rateMax: 18.7 });
    expect(read('rate cuts').filters).toMatchObject({ rateMax: -0.01 });
    expect(read('between 5% and 10%').filters).toMatchObject({ rateMin: 5, rateMax: 10 });
  });

  it('reads perils beside a model word as model categories; "roof age models" is not the model ROOF AGE', () => {
    expect(read('roof age models').filters).toMatchObject({ category: ['roof age'] });
    expect(read('roof age models').filters.model).toBeUndefined();
    expect(read('ROOF AGE').filters).toMatchObject({ model: ['ROOF AGE'] });
    expect(read('hail and wind models').filters.category?.sort()).toEqual(['hail', 'wind']);
    // Without a model word a peril is a word to search.
    const plain = read('hurricane losses');
    expect(plain.filters.category).toBeUndefined();
    expect(plain.words).toEqual(['hurricane', 'losses']);
  });

  it('reads model names however they are typed', () => {
    expect(read('zfire').filters.model).toEqual(['Z-FIRE']);
    expect(read('did they use roofiq').filters.model).toEqual(['RoofIQ']);
    expect(read('Wildrisk Pro').filters.model).toEqual(['WildRisk Pro']);
  });

  it('leaves search syntax and ordinary words alone; a lone lower-case first word is not a company', () => {
    const u = read('"defensible space" -hail wildf* coastal territories');
    expect(u.filters).toEqual({});
    expect(u.rest).toBe('"defensible space" -hail wildf* coastal territories');
    expect(read('Coastal').filters.company).toBe('Coastal');
  });

  it('a removed chip leaves its words as words', () => {
    const first = read('Pinecrest Mutal Oregon');
    const state = first.chips.find((c) => c.kind === 'state')!;
    const again = read('Pinecrest Mutal Oregon', [state.id]);
    expect(again.filters.state).toBeUndefined();
    expect(again.words).toEqual(['oregon']);
  });

  it('reads a group with the word group, or by its whole name when that names no company', () => {
    expect(read('Pinecrest Group filings').filters).toMatchObject({ group: ['Pinecrest Insurance Group'] });
    expect(read('Granite Harbor filings in Kansas').filters).toMatchObject({ group: ['Granite Harbor Group'] });
    expect(read('Granite filings').filters.group).toBeUndefined();
  });

  it('reads parts of a year and a date word joined to a year', () => {
    expect(read('Q3 2023').filters).toMatchObject({ submittedFrom: '2023-07-01', submittedTo: '2023-09-30' });
    expect(read('in the first quarter of 2024').filters).toMatchObject({
      submittedFrom: '2024-01-01',
      submittedTo: '2024-03-31',
    });
    expect(read('second half of 2022').filters).toMatchObject({
      submittedFrom: '2022-07-01',
      submittedTo: '2022-12-31',
    });
    const mid = read('filed in mid-2019');
    expect(mid.filters).toMatchObject({ submittedFrom: '2019-01-01', submittedTo: '2019-12-31' });
    expect(mid.words).toEqual([]);
    expect(read('spring 2020').filters).toMatchObject({ submittedFrom: '2020-01-01', submittedTo: '2020-12-31' });
  });

  it('reads OR in capitals between two readings as Oregon, and as OR between words', () => {
    expect(read('Granite Fire OR dwelling 2020').filters.state).toEqual(['OR']);
    const either = read('wildfire OR hail');
    expect(either.filters.state).toBeUndefined();
    expect(either.rest).toBe('wildfire OR hail');
    expect(either.words).toEqual(['wildfire', 'hail']);
  });

  it('reads Washington DC as the District, not the state', () => {
    expect(read('Granite Fire filings in Washington DC').filters.state).toEqual(['DC']);
    expect(read('Washington D.C. 2022').filters.state).toEqual(['DC']);
    expect(read('Washington 2022').filters.state).toEqual(['WA']);
  });

  it('reads two letters swapped in a name as one typing slip, and a plural of a line', () => {
    const names = { ...NAMES, companies: [...NAMES.companies, 'Frontier Fire Insurance Company'] };
    expect(understand('Fronteir Fire Minnesota', names, { today }).filters.company).toBe(
      'Frontier Fire Insurance Company',
    );
    expect(read('trailers in Florida').filters.line).toEqual(['mobile home']);
  });

  it('keeps a tracking-number-like word as a word (dropped like any when no filing holds it)', () => {
    const u = read('commercial filings ABC-2019');
    expect(u.words).toEqual(['ABC-2019']);
    expect(u.rest).toBe('ABC-2019');
  });

  it('reads a long vocabulary word typed a letter off, never a short one or a word of the question', () => {
    const u = read('dissapproved homeowers filings in Texas, comercial too');
    expect(u.filters).toMatchObject({ status: ['disapproved'], line: ['homeowners', 'commercial property'] });
    expect(read('hurricaine models in Florida').filters.category).toEqual(['wind']);
    // "properly" is a letter off "property" but no line is the word "property" alone; "farn" is short.
    expect(read('properly filed farn filings').filters.line).toBeUndefined();
  });

  it('reads "CO" in capitals after a company as Colorado, "Co." as the company', () => {
    expect(read('Granite Fire CO homeowners').filters).toMatchObject({
      company: 'Granite Fire Insurance Company',
      state: ['CO'],
    });
    expect(read('Granite Fire Co. homeowners').filters.state).toBeUndefined();
    expect(read('GRANITE FIRE CO').filters.state).toBeUndefined();
  });

  it('reads spans back from today, apostrophe years, trailing "or more" and newspaper state abbreviations', () => {
    expect(read('filings from the past two years in Oregon').filters).toMatchObject({
      submittedFrom: '2024-11-28',
      state: ['OR'],
    });
    expect(read('approved in the last 6 months').filters.submittedFrom).toBe('2026-05-28');
    expect(read('filings in the past year').filters.submittedFrom).toBe('2025-11-28');
    // "last year" stays the calendar year.
    expect(read('filings last year').filters).toMatchObject({ submittedFrom: '2025-01-01', submittedTo: '2025-12-31' });
    expect(read("Q4 '23 filings").filters).toMatchObject({ submittedFrom: '2023-10-01', submittedTo: '2023-12-31' });
    expect(read('increase of 10 percent or more').filters).toMatchObject({ rateMin: 10, rateMax: undefined });
    expect(read('changes of 5% or less').filters).toMatchObject({ rateMin: undefined, rateMax: 5 });
    expect(read('homeowners in Calif. and N. Carolina, not Tex.').filters.state?.sort()).toEqual(['CA', 'NC', 'TX']);
    // Abbreviations that are English words stay words.
    expect(read('did I miss any filings').filters.state).toBeUndefined();
  });

  it('reads month and year ranges however joined, and a month without its year as the last one begun', () => {
    expect(read('filings submitted between March and June 2024').filters).toMatchObject({
      submittedFrom: '2024-03-01',
      submittedTo: '2024-06-30',
    });
    expect(read('roof age in Nebraska, 2023-2024').filters).toMatchObject({
      submittedFrom: '2023-01-01',
      submittedTo: '2024-12-31',
    });
    // Read on 2026-11-28: March is 2026's, not 2027's.
    expect(read('filings in March in Texas').filters.submittedFrom).toBe('2026-03-01');
  });

  it('reads periods from today, a part after its year, "onwards", "pre-"', () => {
    expect(read('homeowners filings YTD').filters).toMatchObject({
      submittedFrom: '2026-01-01',
      submittedTo: '2026-11-28',
    });
    expect(read('approved filings last quarter').filters).toMatchObject({
      submittedFrom: '2026-07-01',
      submittedTo: '2026-09-30',
    });
    expect(read('Granite Harbor filings in 2025 H1').filters).toMatchObject({
      submittedFrom: '2025-01-01',
      submittedTo: '2025-06-30',
    });
    expect(read('filings from 2020 onwards').filters).toMatchObject({ submittedFrom: '2020-01-01' });
    expect(read('Oklahoma filings pre-2022').filters).toMatchObject({ submittedTo: '2021-12-31' });
    expect(read('HO filings and DP-3 filings').filters.line).toEqual(['homeowners', 'dwelling fire']);
  });

  it('reads cuts with their size as below zero, "-5%" as a number and a bare first number of a range', () => {
    expect(read('rate decreases greater than 5%').filters).toMatchObject({ rateMin: undefined, rateMax: -5 });
    expect(read('cuts of 5% or less').filters).toMatchObject({ rateMin: -5, rateMax: 0 });
    expect(read('-5% or lower rate changes').filters).toMatchObject({ rateMax: -5 });
    // Pasted from an answer, which writes a real minus sign (U+2212).
    expect(read('\u22125% or lower rate changes').filters).toMatchObject({ rateMax: -5 });
    expect(read('between \u22125.0% and +10.0%').filters).toMatchObject({ rateMin: -5, rateMax: 10 });
    expect(read('increases between 5 and 10 percent').filters).toMatchObject({ rateMin: 5, rateMax: 10 });
    // An exclusion stays one.
    expect(read('catastrophe load -wind').rest).toBe('catastrophe load -wind');
  });

  it('reads a "cat model" however written as the catastrophe category, and cat words without a model word as words', () => {
    for (const typed of ['cat model', 'cat models', 'CAT modeling', 'Cat Modelling', 'catastrophe models'])
      expect(read(`Florida homeowners filings with a ${typed}`).filters, typed).toMatchObject({
        category: ['catastrophe'],
        state: ['FL'],
        line: ['homeowners'],
      });
    const u = read('CAT modeling in Texas');
    expect(u.chips.map((c) => [c.kind, c.label, c.text])).toEqual([
      ['state', 'State: Texas', 'Texas'],
      ['category', 'Cites a catastrophe model', 'CAT'],
    ]);
    expect(u.rest).toBe('');
    expect(read('wildfire and cat models').filters.category?.sort()).toEqual(['catastrophe', 'wildfire']);
    expect(read('objections about the catastrophe load').filters.category).toBeUndefined();
    expect(read('objections about the catastrophe load').rest).toBe('objections catastrophe load');
    // Removing the chip leaves the words.
    expect(read('cat model', ['category:catastrophe']).rest).toBe('cat');
  });

  it('reads state nicknames as the state, before the company names they share a word with', () => {
    const cases: [string, string][] = [
      ['homeowners filings in the Golden State', 'CA'],
      ['Lone Star State rate increases', 'TX'],
      ['the Sunshine State hurricane models', 'FL'],
      ['filings in the Granite State since 2024', 'NH'],
      ['Keystone State dwelling fire', 'PA'],
      ['Magnolia State mobile homes', 'MS'],
      ['the Show-Me State', 'MO'],
      ['tar heel state homeowners', 'NC'],
      ['Land of Enchantment wildfire', 'NM'],
      ["the nation's capital", 'DC'],
      ['Empire State of the South', 'GA'],
      ['the Empire State', 'NY'],
      ['Old Dominion filings', 'VA'],
    ];
    for (const [typed, code] of cases) {
      const u = read(typed);
      expect(u.filters.state, typed).toEqual([code]);
      expect(u.filters.company, typed).toBeUndefined();
    }
    const granite = read('Granite State homeowners');
    expect(granite.chips.find((c) => c.kind === 'state')).toMatchObject({
      label: 'State: New Hampshire',
      text: 'Granite State',
    });
    expect(granite.rest).toBe('');
    // The company is still the company when no nickname is typed.
    expect(read('Granite Fire homeowners in Ohio').filters).toMatchObject({
      company: 'Granite Fire Insurance Company',
      state: ['OH'],
    });
    // Not the nicknames that are ordinary phrases of a question, nor a region holding one.
    expect(read('the first state to approve a wildfire model').filters.state).toBeUndefined();
    for (const typed of ['hail filings in a Rocky Mountain state', 'a mountain state', 'in a prairie state'])
      expect(read(typed).filters.state, typed).toBeUndefined();
    expect(read('filings in the Mountain State').filters.state).toEqual(['WV']);
    // A removed chip leaves the words.
    expect(read('Golden State', ['state:CA']).rest).toBe('golden');
  });

  it('has a nickname for every state and DC, each naming a state', () => {
    const named = new Set(Object.values(VOCABULARY.stateNicknames));
    expect([...named].filter((code) => !STATE_NAMES[code])).toEqual([]);
    expect(Object.keys(STATE_NAMES).filter((code) => !named.has(code))).toEqual([]);
  });
});
