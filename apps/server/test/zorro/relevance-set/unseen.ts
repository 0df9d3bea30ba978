import { CASUALTY, FIRE, HOME, INDEMNITY, MUTUAL, PC, type RelevanceCase } from './types.js';

/**
 * Unseen cases (2026-11-28 night), written as an outside analyst would before the reader was run
 * on them, from 47 filings none of the sets above used (filing 29, then every 61st, skipping used
 * ones): carriers with typos and by group, states by name, code and typo, relative dates ("last
 * year", "this year"), quarters, "end of 2022", lines, perils and statuses by synonym ("pulled",
 * "turned down", "under review"), rate sizes ("double-digit", "under 5%", "about 17%") and model
 * names. Reported as their own group ("unseen"); relative dates are read on 2026-11-28.
 */
export const UNSEEN_SET: RelevanceCase[] = [
  {
    question: "Is Sea Island Fire's Oklahoma homeowners filing with SevereSight still under review?",
    keywords: 'Sea Island Fire Oklahoma pending',
    facts: { company: `Sea Island ${FIRE}`, state: 'OK', line: 'homeowners', status: 'pending' },
  },
  {
    question: "Why did Missouri reject Evergreen P&C's homeowners rate increase at the end of 2022?",
    keywords: 'Evergreen P&C Missouri rejected 2022',
    facts: { company: `Evergreen ${PC}`, state: 'MO', year: 2022, line: 'homeowners', status: 'disapproved' },
  },
  {
    question: 'Keystone Indemnity manufactured housing rates in Mississippi, spring 2020, with a hurricane model',
    keywords: 'Keystone Indemity MS mobile home wind',
    facts: { company: `Keystone ${INDEMNITY}`, state: 'MS', year: 2020, line: 'mobile home' },
  },
  {
    question:
      'What rule change did Summit Ridge Mutual get approved for commercial buildings in Connecticut last year?',
    keywords: 'Summit Ridge Mutual CT commercial rule 2025',
    facts: { company: `Summit Ridge ${MUTUAL}`, state: 'CT', year: 2025, line: 'commercial property' },
  },
  {
    question: 'Cascade Casualty business property rate filing in Indiana in mid-2019, an increase under 5%',
    keywords: 'Cascade Casualty Indiana commercial 2019',
    facts: { company: `Cascade ${CASUALTY}`, state: 'IN', year: 2019, line: 'commercial property' },
  },
  {
    question: 'Magnolia Holdings Group landlord dwelling filings in South Carolina in 2019 using Z-WIND',
    keywords: 'Magnolia Holdings SC dwelling Z-WIND 2019',
    facts: { group: 'Magnolia Holdings Group', state: 'SC', year: 2019, line: 'dwelling fire', model: 'Z-WIND' },
  },
  {
    question: 'Delta Mutual mobile home rate and rule filing in Arkansas in Q2 2025 with tornado and hail models',
    keywords: 'Delta Mutal Arkansas mobile home',
    facts: {
      company: `Delta ${MUTUAL}`,
      state: 'AR',
      line: 'mobile home',
      from: '2025-04-01',
      to: '2025-06-30',
    },
  },
  {
    question: 'Did Keystone Home get a double-digit homeowners increase approved in Virginia last year?',
    keywords: 'Keystone Home Virginia homeowners 2025',
    facts: { company: `Keystone ${HOME}`, state: 'VA', year: 2025, line: 'homeowners' },
  },
  {
    question: 'Heartland Mutual Idaho dwelling fire rule filing with Z-FIRE, Q3 2023',
    keywords: 'Heartland Mutual Idaho Z-FIRE dwelling',
    facts: {
      company: `Heartland ${MUTUAL}`,
      state: 'ID',
      line: 'dwelling fire',
      model: 'Z-FIRE',
      from: '2023-07-01',
      to: '2023-09-30',
    },
  },
  {
    question: 'Great Plains Home Insurance commercial hail filing in Kansas this year',
    keywords: 'Great Plains Home Kansas commercial Z-HAIL',
    facts: { company: `Great Plains ${HOME}`, state: 'KS', year: 2026, line: 'commercial property' },
  },
  {
    question: 'Delta Mutual Insurance Co. commercial property rates, North Carolina, June 2022',
    keywords: 'Delta Mutual NC commercial 2022',
    facts: { company: `Delta ${MUTUAL}`, state: 'NC', year: 2022, line: 'commercial property' },
  },
  {
    question: 'Which Sunflower Mutual filing for trailers in Idaho cited a wildfire model in 2023?',
    keywords: 'Sunflower Idaho mobile home wildfire 2023',
    facts: { company: `Sunflower ${MUTUAL}`, state: 'ID', year: 2023, line: 'mobile home' },
  },
  {
    question: "Frontier Fire's Minnesota commercial rate increase of roughly 11% in January 2019",
    keywords: 'Fronteir Fire Minnesota commercial 2019',
    facts: { company: `Frontier ${FIRE}`, state: 'MN', year: 2019, line: 'commercial property' },
  },
  {
    question: 'Liberty Oak homeowners wildfire filings in Oregon since 2020 with a rate increase under 5%',
    keywords: 'Liberty Oak Oregon homeowners Z-FIRE 2020',
    facts: { company: `Liberty Oak ${INDEMNITY}`, state: 'OR', line: 'homeowners', from: '2020-01-01' },
  },
  {
    question: 'Palmetto Casualty North Carolina homeowners hurricane rate filing at the end of 2021',
    keywords: 'Palmetto Casualty NC homeowners 2021',
    facts: { company: `Palmetto ${CASUALTY}`, state: 'NC', year: 2021, line: 'homeowners' },
  },
  {
    question: 'Granite Fire rental dwelling rates in Minnesota with RoofIQ, December 2020',
    keywords: 'Granite Fire Minnesota RoofIQ',
    facts: { company: `Granite ${FIRE}`, state: 'MN', year: 2020, line: 'dwelling fire', model: 'RoofIQ' },
  },
  {
    question: 'Has Harbor Home filed a roof age model for commercial property in Kansas since 2025?',
    keywords: 'Harbor Home Kansas commercial roof age',
    facts: { company: `Harbor ${HOME}`, state: 'KS', line: 'commercial property', from: '2025-01-01' },
  },
  {
    question: 'Summit Ridge Group dwelling fire rule filing in Missisippi, January 2025, Tempest CAT',
    keywords: 'Summit Ridge Mississippi Tempest CAT dwelling',
    facts: { group: 'Summit Ridge Group', state: 'MS', year: 2025, line: 'dwelling fire', model: 'Tempest CAT' },
  },
  {
    question:
      'What wildfire model did Colonial Mutual use for its California commercial property rate hike of about 16% in 2020?',
    keywords: 'Colonial Mutual California commercial Z-FIRE',
    facts: { company: `Colonial ${MUTUAL}`, state: 'CA', year: 2020, line: 'commercial property' },
  },
  {
    question: 'Pinecrest Indemnty dwelling fire filing in New Mexico with WildRisk Pro, early 2025',
    keywords: 'Pinecrest Indemnity NM WildRisk',
    facts: {
      company: `Pinecrest ${INDEMNITY}`,
      state: 'NM',
      year: 2025,
      line: 'dwelling fire',
      model: 'WildRisk Pro',
    },
  },
  {
    question: "Cascade Mutual's Kentucky homeowners rate filing from Q3 2022 that used a severe storm model",
    keywords: 'Cascade Mutual Kentucky Z-STORM',
    facts: {
      company: `Cascade ${MUTUAL}`,
      state: 'KY',
      line: 'homeowners',
      from: '2022-07-01',
      to: '2022-09-30',
    },
  },
  {
    question: 'Frontier Fire EmberScore homeowners rule filing, California, summer 2025',
    keywords: 'Frontier Fire California EmberScore',
    facts: { company: `Frontier ${FIRE}`, state: 'CA', year: 2025, line: 'homeowners', model: 'EmberScore' },
  },
  {
    question: 'Which Frontier Property and Casualty dwelling filing in Mississippi was turned down in 2023?',
    keywords: 'Frontier P&C Mississippi disapproved dwelling',
    facts: { company: `Frontier ${PC}`, state: 'MS', year: 2023, line: 'dwelling fire', status: 'disapproved' },
  },
  {
    question: 'Alpine P and C Texas homeowners rate increase over 15% with HurriSim in 2023',
    keywords: 'Alpine Texas HurriSim homeowners',
    facts: { company: `Alpine ${PC}`, state: 'TX', year: 2023, line: 'homeowners', model: 'HurriSim' },
  },
  {
    question: 'Alpine Fire Insurance Kansas homeowner hail and roof age filing, fall 2020, rates up about 3.5%',
    keywords: 'Alpine Fire KS homeowners 2020 RoofIQ',
    facts: { company: `Alpine ${FIRE}`, state: 'KS', year: 2020, line: 'homeowners' },
  },
  {
    question: 'Frontier P&C South Carolina commercial property hurricane modelling in 2019: a double-digit increase?',
    keywords: 'Frontier P&C SC commercial HurriSim',
    facts: { company: `Frontier ${PC}`, state: 'SC', year: 2019, line: 'commercial property' },
  },
  {
    question: 'Arizona regulators denied a Delta Mutual commercial property rule filing this year: what was wrong?',
    keywords: 'Delta Mutual Arizona commercial denied',
    facts: {
      company: `Delta ${MUTUAL}`,
      state: 'AZ',
      year: 2026,
      line: 'commercial property',
      status: 'disapproved',
    },
  },
  {
    question: 'Dogwood Home Arkansas homeowners filing with HailGrid, April 2023',
    keywords: 'Dogwood Home Arkansas HailGrid',
    facts: { company: `Dogwood ${HOME}`, state: 'AR', year: 2023, line: 'homeowners', model: 'HailGrid' },
  },
  {
    question: 'Delta Casualty Ohio homeowners rate and rule change, late 2019, around 9.5%',
    keywords: 'Delta Casualty Ohio homeowners 2019',
    facts: { company: `Delta ${CASUALTY}`, state: 'OH', year: 2019, line: 'homeowners' },
  },
  {
    question: 'Evergreen Fire commercial property rule filing in Minnesota with Z-HAIL and RoofIQ, 2020',
    keywords: 'Evergreen Fire MN commercial RoofIQ',
    facts: { company: `Evergreen ${FIRE}`, state: 'MN', year: 2020, line: 'commercial property' },
  },
  {
    question: 'Dogwood Home Maryland dwelling fire filing last year with a small increase of 2%',
    keywords: 'Dogwood Home Maryland dwelling',
    facts: { company: `Dogwood ${HOME}`, state: 'MD', year: 2025, line: 'dwelling fire' },
  },
  {
    question: 'Colonial Casualty Mississippi landlord policies, rate filing early 2023 citing Tempest CAT',
    keywords: 'Colonial Casualty Mississippi Tempest CAT',
    facts: { company: `Colonial ${CASUALTY}`, state: 'MS', year: 2023, line: 'dwelling fire' },
  },
  {
    question: 'Colonial Mutual Oklahoma manufactured homes rule filing, Q3 2024, hail and storm models',
    keywords: 'Colonial Mutual Oklahoma mobile home 2024',
    facts: {
      company: `Colonial ${MUTUAL}`,
      state: 'OK',
      line: 'mobile home',
      from: '2024-07-01',
      to: '2024-09-30',
    },
  },
  {
    question: 'Granite Fire commercial property filing in Washington DC in 2022',
    keywords: 'Granite Fire DC commercial',
    facts: { company: `Granite ${FIRE}`, state: 'DC', year: 2022, line: 'commercial property' },
  },
  {
    question: 'Evergreen Fire Oregon dwelling wildfire model filing, July 2020',
    keywords: 'Evergreen Fire OR dwelling Z-FIRE 2020',
    facts: { company: `Evergreen ${FIRE}`, state: 'OR', year: 2020, line: 'dwelling fire' },
  },
  {
    question: 'Did Sea Island pull its Florida homeowners hurricane filing in 2023?',
    keywords: 'Sea Island Florida withdrawn 2023',
    facts: { company: `Sea Island ${PC}`, state: 'FL', year: 2023, line: 'homeowners', status: 'withdrawn' },
  },
  {
    question:
      'Granite Property & Casualty Texas dwelling fire filing with Tempest CAT and a roof age model, November 2020',
    keywords: 'Granite P&C Texas Tempest CAT',
    facts: { company: `Granite ${PC}`, state: 'TX', year: 2020, line: 'dwelling fire' },
  },
  {
    question: 'Palmetto Casualty withdrew a farm and ranch filing in Washington State that used EmberScore: when?',
    keywords: 'Palmetto Casualty Washington farm EmberScore',
    facts: { company: `Palmetto ${CASUALTY}`, state: 'WA', line: 'farmowners', status: 'withdrawn' },
  },
  {
    question: 'Heartland Mutual Group Colorado homeowners rate filing in early 2021 with wildfire and hail models',
    keywords: 'Heartland Colorado homeowners 2021 Z-FIRE',
    facts: { group: 'Heartland Mutual Group', state: 'CO', year: 2021, line: 'homeowners' },
  },
  {
    question: 'Heartland Casualty Tennesee homeowners rate/rule filing from October 2019',
    keywords: 'Heartland Casualty Tennessee 2019',
    facts: { company: `Heartland ${CASUALTY}`, state: 'TN', year: 2019, line: 'homeowners' },
  },
  {
    question: 'Sunflower Mutual Idaho homeowners filing using Ember Score in 2022, an increase over 15%',
    keywords: 'Sunflower Idaho homeowners EmberScore',
    facts: { company: `Sunflower ${MUTUAL}`, state: 'ID', year: 2022, line: 'homeowners' },
  },
  {
    question: 'Palmetto Mutual South Carolina homeowners hurricane rate filing mid-2023 with a double digit increase',
    keywords: 'Palmetto Mutual SC homeowners 2023',
    facts: { company: `Palmetto ${MUTUAL}`, state: 'SC', year: 2023, line: 'homeowners' },
  },
  {
    question: 'Mesa Home Montana homeowners rate increase near 17% in 2020 citing Z-FIRE',
    keywords: 'Mesa Home Montana 2020',
    facts: { company: `Mesa ${HOME}`, state: 'MT', year: 2020, line: 'homeowners' },
  },
  {
    question: 'Palmetto Casualty dwelling fire filing in Mississippi at the end of 2024 with a wind model',
    keywords: 'Palmetto Casualty Mississippi dwelling 2024',
    facts: { company: `Palmetto ${CASUALTY}`, state: 'MS', year: 2024, line: 'dwelling fire' },
  },
  {
    question: 'Coastal P&C Colorado homeowners filings with BlazeIndex since 2024',
    keywords: 'Coastal Colorado BlazeIndex',
    facts: { company: `Coastal ${PC}`, state: 'CO', line: 'homeowners', model: 'BlazeIndex', from: '2024-01-01' },
  },
  {
    question: 'Delta Mutual policy forms for commercial property in Alabama, 2020',
    keywords: 'Delta Mutual Alabama commercial form',
    facts: { company: `Delta ${MUTUAL}`, state: 'AL', year: 2020, line: 'commercial property', type: 'form' },
  },
  {
    question: 'Summit Ridge Mutual mobile home rate filing in Hawaii in Q1 2024',
    keywords: 'Summit Ridge Mutual Hawaii mobile home',
    facts: {
      company: `Summit Ridge ${MUTUAL}`,
      state: 'HI',
      line: 'mobile home',
      from: '2024-01-01',
      to: '2024-03-31',
    },
  },
];
