import { FIRE, HOME, MUTUAL, PC, type RelevanceCase } from './types.js';

/**
 * Fresh cases (2026-11-28 evening), written after every change to the reader and the ranking from 30
 * other filings of the same corpus (filing 17, then every 73rd, skipping those the set above was
 * written from), paraphrased by hand the same way. All held out: reported as their own group and
 * never tuned on.
 */
export const FRESH_SET: RelevanceCase[] = [
  {
    question:
      "Granite Fire's pending Florida homeowners rate filing from October 2026: what did it cite for hurricanes?",
    keywords: 'Granite Fire Florida pending 2026',
    facts: { company: `Granite ${FIRE}`, state: 'FL', year: 2026, line: 'homeowners', status: 'pending' },
  },
  {
    question: 'Granite Fire homeowners rate increase in North Carolina in 2024, about 14%',
    keywords: 'Granite Fire NC homeowners 2024',
    facts: { company: `Granite ${FIRE}`, state: 'NC', year: 2024, line: 'homeowners' },
  },
  {
    question: 'Magnolia P&C Texas homeowners filing in 2024 using Z-HAIL and a roof age model',
    keywords: 'Magnolia P&C Texas Z-HAIL 2024',
    facts: { company: `Magnolia ${PC}`, state: 'TX', year: 2024, line: 'homeowners', model: 'Z-HAIL' },
  },
  {
    question: 'Which Harbor Indemnity filing in Colorado cited Z-FIRE in 2020?',
    keywords: 'Harbor Indemnity Colorado Z-FIRE 2020',
    facts: { company: 'Harbor Indemnity Company', state: 'CO', year: 2020, model: 'Z-FIRE' },
  },
  {
    question: 'Sunflower Casualty Oklahoma homeowners rate and rule filing in 2024 with a hail model, up 16.7%',
    keywords: 'Sunflower Casualty Oklahoma hail 2024',
    facts: { company: 'Sunflower Casualty Company', state: 'OK', year: 2024, line: 'homeowners' },
  },
  {
    question: 'Granite Property and Casualty farm filing in Maine, 2022',
    keywords: 'Granite farmowners Maine 2022',
    facts: { company: `Granite ${PC}`, state: 'ME', year: 2022, line: 'farmowners' },
  },
  {
    question: 'Summit Ridge Mutual dwelling fire filing in Nevada in 2024 with a wildfire model',
    keywords: 'Summit Ridge Mutual Nevada dwelling 2024',
    facts: { company: `Summit Ridge ${MUTUAL}`, state: 'NV', year: 2024, line: 'dwelling fire' },
  },
  {
    question: 'Did Delta Casualty use Tempest CAT for North Carolina homeowners in 2024?',
    keywords: 'Delta Casualty Tempest CAT NC 2024',
    facts: { company: 'Delta Casualty Company', state: 'NC', year: 2024, line: 'homeowners', model: 'Tempest CAT' },
  },
  {
    question: 'Prairie P&C Louisiana homeowners rule filing from 2022 with Z-WIND',
    keywords: 'Prairie P&C Louisiana rule 2022',
    facts: { company: `Prairie ${PC}`, state: 'LA', year: 2022, line: 'homeowners', type: 'rule' },
  },
  {
    question: 'Summit Ridge Casualty Oklahoma homeowners filing in early 2020 using HailGrid',
    keywords: 'Summit Ridge Casualty HailGrid Oklahoma 2020',
    facts: { company: 'Summit Ridge Casualty Company', state: 'OK', year: 2020, line: 'homeowners', model: 'HailGrid' },
  },
  {
    question: 'Colonial Casualty homeowners rate/rule filing in Minnesota, February 2020',
    keywords: 'Colonial Casualty Minnesota homeowners 2020',
    facts: { company: 'Colonial Casualty Company', state: 'MN', year: 2020, line: 'homeowners' },
  },
  {
    question: 'Frontier Property & Casualty New Mexico dwelling fire rate filing of 2020 citing WildRisk Pro',
    keywords: 'Frontier New Mexico WildRisk Pro',
    facts: { company: `Frontier ${PC}`, state: 'NM', year: 2020, line: 'dwelling fire', model: 'WildRisk Pro' },
  },
  {
    question: 'Which Prairie P&C homeowners filing in Kansas cut rates in 2026?',
    keywords: 'Prairie P&C Kansas 2026 decrease',
    facts: { company: `Prairie ${PC}`, state: 'KS', year: 2026, line: 'homeowners' },
  },
  {
    question: 'Keystone Home homeowners rate filing in North Carolina, 2026',
    keywords: 'Keystone Home North Carolina 2026',
    facts: { company: `Keystone ${HOME}`, state: 'NC', year: 2026, line: 'homeowners' },
  },
  {
    question: 'Sunflower Mutual dwelling fire filing in Oklahoma in 2024 with roof age, about 17.6%',
    keywords: 'Sunflower Mutual dwelling Oklahoma ROOF AGE',
    facts: { company: `Sunflower ${MUTUAL}`, state: 'OK', year: 2024, line: 'dwelling fire' },
  },
  {
    question: "Why did Louisiana disapprove Dogwood Home's homeowners rate filing in 2022?",
    keywords: 'Dogwood Home Louisiana disapproved 2022',
    facts: { company: `Dogwood ${HOME}`, state: 'LA', year: 2022, line: 'homeowners', status: 'disapproved' },
  },
  {
    question: 'Bayou Indemnity homeowners rule filing disapproved in North Carolina in 2025',
    keywords: 'Bayou Indemnity NC disapproved',
    facts: { company: 'Bayou Indemnity Company', state: 'NC', year: 2025, line: 'homeowners', status: 'disapproved' },
  },
  {
    question: 'Sunflower Mutual farmowners rate filing in North Carolina, 2024',
    keywords: 'Sunflower Mutal farm NC 2024',
    facts: { company: `Sunflower ${MUTUAL}`, state: 'NC', year: 2024, line: 'farmowners' },
  },
  {
    question: 'Alpine P&C dwelling fire rule filing in Delaware in 2022',
    keywords: 'Alpine Delaware dwelling fire',
    facts: { company: `Alpine ${PC}`, state: 'DE', year: 2022, line: 'dwelling fire' },
  },
  {
    question: 'Pinecrest Indemnity Oregon homeowners rate filing with Z-FIRE in 2019',
    keywords: 'Pinecrest Indemnity Oregon Z-FIRE 2019',
    facts: { company: 'Pinecrest Indemnity Company', state: 'OR', year: 2019, line: 'homeowners', model: 'Z-FIRE' },
  },
  {
    question: 'Sierra Crest Mutual Kansas homeowners rate and rule filing in 2026 using RoofIQ',
    keywords: 'Sierra Crest Mutual Kansas RoofIQ 2026',
    facts: { company: `Sierra Crest ${MUTUAL}`, state: 'KS', year: 2026, line: 'homeowners', model: 'RoofIQ' },
  },
  {
    question: 'Keystone Home homeowners filing in the District of Columbia in 2025',
    keywords: 'Keystone Home DC 2025',
    facts: { company: `Keystone ${HOME}`, state: 'DC', year: 2025, line: 'homeowners' },
  },
  {
    question: 'Magnolia Fire commercial property filing in Minnesota in 2019 with HailGrid',
    keywords: 'Magnolia Fire Minnesota commercial HailGrid',
    facts: { company: `Magnolia ${FIRE}`, state: 'MN', year: 2019, line: 'commercial property', model: 'HailGrid' },
  },
  {
    question: 'Liberty Oak Indemnity Idaho homeowners rate increase of about 14% in 2020',
    keywords: 'Liberty Oak Indemnity Idaho 2020',
    facts: { company: 'Liberty Oak Indemnity Company', state: 'ID', year: 2020, line: 'homeowners' },
  },
  {
    question: 'Dogwood Indemnity dwelling fire rate/rule filing in Virginia, December 2021',
    keywords: 'Dogwod Indemnity Virginia dwelling 2021',
    facts: { company: 'Dogwood Indemnity Company', state: 'VA', year: 2021, line: 'dwelling fire' },
  },
  {
    question: 'Palmetto Casualty California dwelling fire filing with EmberScore that was disapproved in 2025',
    keywords: 'Palmetto Casualty California EmberScore disapproved',
    facts: {
      company: 'Palmetto Casualty Company',
      state: 'CA',
      year: 2025,
      line: 'dwelling fire',
      status: 'disapproved',
    },
  },
  {
    question: 'Palmetto Mutual Kansas homeowners rule filing in 2024 using Z-HAIL',
    keywords: 'Palmetto Mutual Kansas Z-HAIL 2024',
    facts: { company: `Palmetto ${MUTUAL}`, state: 'KS', year: 2024, line: 'homeowners', model: 'Z-HAIL' },
  },
  {
    question: 'Bayou Home homeowners filing in Maine in 2024 with a storm model',
    keywords: 'Bayou Home Maine 2024',
    facts: { company: `Bayou ${HOME}`, state: 'ME', year: 2024, line: 'homeowners' },
  },
  {
    question: 'Dogwood Indemnity Washington homeowners filing in 2021 that used WildRisk Pro',
    keywords: 'Dogwood Indemnity Washington WildRisk',
    facts: { company: 'Dogwood Indemnity Company', state: 'WA', year: 2021, line: 'homeowners', model: 'WildRisk Pro' },
  },
  {
    question: 'Prairie Fire West Virginia dwelling fire rate filing, September 2026',
    keywords: 'Prairie Fire West Virginia dwelling 2026',
    facts: { company: `Prairie ${FIRE}`, state: 'WV', year: 2026, line: 'dwelling fire' },
  },
];
