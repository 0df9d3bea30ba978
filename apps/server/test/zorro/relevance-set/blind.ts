import { CASUALTY, FIRE, HOME, INDEMNITY, MUTUAL, PC, type RelevanceCase } from './types.js';

/**
 * Blind cases (2026-11-29), written before the reader or the ranking was run on them, from 29
 * filings none of the other sets used (filing 41, then every 97th below 3,000, skipping the 2 used
 * ones), phrased as an outside analyst might: typos ("comercial", "Palmeto", "Mutal", "Lousiana",
 * "West Virgina"), states by name and code, relative dates ("last year", "earlier this year", "last
 * month") and months, rate sizes ("roughly 13%", "almost 19%", "near 9%", "above 15 percent",
 * "under 6%", "basically flat", "hike"), perils ("cat model", "windstorm", "wildfire score"), lines
 * by synonym ("business property", "farm and ranch") and statuses ("pulled", "still pending").
 * Reported as their own group ("blind"), before and after the fixes they led to; relative dates
 * are read on 2026-11-28.
 */
export const BLIND_SET: RelevanceCase[] = [
  {
    question:
      "What did Oregon regulators object to in Magnolia P&C's dwelling fire rule filing with Z-FIRE in January 2024?",
    keywords: 'Magnolia P&C Oregon dwelling rule Z-FIRE',
    facts: {
      company: `Magnolia ${PC}`,
      state: 'OR',
      line: 'dwelling fire',
      type: 'rule',
      model: 'Z-FIRE',
      from: '2024-01-01',
      to: '2024-01-31',
    },
  },
  {
    question: 'harbor home colorado comercial property rate filing fall 2022 using wildfire, hail and roof models',
    keywords: 'Harbor Home CO commercial 2022 HailGrid',
    facts: { company: `Harbor ${HOME}`, state: 'CO', year: 2022, line: 'commercial property' },
  },
  {
    question: 'Did Summit Ridge Casualty cut dwelling fire rates slightly in New York in 2021?',
    keywords: 'Summit Ridge Casualty New York dwelling 2021',
    facts: { company: `Summit Ridge ${CASUALTY}`, state: 'NY', year: 2021, line: 'dwelling fire' },
  },
  {
    question: 'Bayou Casualty Group commercial property filings in Florida in summer 2019 citing a hurricane model',
    keywords: 'Bayou Casualty Group Florida commercial 2019',
    facts: { group: 'Bayou Casualty Group', state: 'FL', year: 2019, line: 'commercial property' },
  },
  {
    question: "Why was Delta Casualty's Montana homeowners rule filing pulled in August 2024?",
    keywords: 'Delta Casualty Montana withdrawn EmberScore',
    facts: {
      company: `Delta ${CASUALTY}`,
      state: 'MT',
      line: 'homeowners',
      type: 'rule',
      status: 'withdrawn',
      from: '2024-08-01',
      to: '2024-08-31',
    },
  },
  {
    question:
      'Frontier Property and Casualty Louisiana homeowners increase of roughly 13% last year with a flood model',
    keywords: 'Frontier P&C LA homeowners FloodLine 2025',
    facts: { company: `Frontier ${PC}`, state: 'LA', year: 2025, line: 'homeowners' },
  },
  {
    question: 'palmeto casualty louisiana homeowners rate and rule filing november 2023: what were the objections?',
    keywords: 'Palmetto Casualty Louisiana homeowners 2023 objections',
    facts: {
      company: `Palmetto ${CASUALTY}`,
      state: 'LA',
      line: 'homeowners',
      type: 'rate/rule',
      from: '2023-11-01',
      to: '2023-11-30',
    },
  },
  {
    question: 'Granite P&C California homeowners wildfire model filing approved in 2021 with a rate increase near 9%',
    keywords: 'Granite P&C California Z-FIRE 2021',
    facts: { company: `Granite ${PC}`, state: 'CA', year: 2021, line: 'homeowners', status: 'approved' },
  },
  {
    question: 'Harbor Home Insurance business property rate filing in West Virgina, December 2019, small increase',
    keywords: 'Harbor Home WV commercial 2019',
    facts: {
      company: `Harbor ${HOME}`,
      state: 'WV',
      line: 'commercial property',
      from: '2019-12-01',
      to: '2019-12-31',
    },
  },
  {
    question: 'Magnolia P&C New Hampshire homeowners: was the 2025 rate change basically flat?',
    keywords: 'Magnolia New Hampshire homeowners 2025',
    facts: { company: `Magnolia ${PC}`, state: 'NH', year: 2025, line: 'homeowners' },
  },
  {
    question: 'Keystone Indemnity withdrew a dwelling fire rate increase of almost 19% in New Mexico in 2024',
    keywords: 'Keystone Indemnity NM dwelling withdrawn',
    facts: {
      company: `Keystone ${INDEMNITY}`,
      state: 'NM',
      year: 2024,
      line: 'dwelling fire',
      status: 'withdrawn',
    },
  },
  {
    question:
      'Pinecrest Home Louisiana homeowners rate filing 2024 with FloodLine and Z-WIND, increase above 15 percent',
    keywords: 'Pinecrest Home Louisiana FloodLine 2024',
    facts: { company: `Pinecrest ${HOME}`, state: 'LA', year: 2024, line: 'homeowners', model: 'FloodLine' },
  },
  {
    question: 'Heartland Mutual Group homeowners rule filing in New Mexico mid 2025 that cited a wildfire score',
    keywords: 'Heartland Mutual Group NM wildfire 2025',
    facts: { group: 'Heartland Mutual Group', state: 'NM', year: 2025, line: 'homeowners' },
  },
  {
    question: 'frontier fire SC homeowners rate filing using a cat model, 2023, double digit increase',
    keywords: 'Frontier Fire South Carolina Z-PROPERTY',
    facts: { company: `Frontier ${FIRE}`, state: 'SC', year: 2023, line: 'homeowners' },
  },
  {
    question: 'Granite Fire farm and ranch filing in Florida with HurriSim, late 2024',
    keywords: 'Granite Fire Florida farmowners HurriSim',
    facts: { company: `Granite ${FIRE}`, state: 'FL', year: 2024, line: 'farmowners', model: 'HurriSim' },
  },
  {
    question:
      'Which Granite Property & Casualty homeowners filing in Alabama in May 2022 used a severe convective storm model?',
    keywords: 'Granite P&C Alabama homeowners Z-STORM',
    facts: { company: `Granite ${PC}`, state: 'AL', line: 'homeowners', from: '2022-05-01', to: '2022-05-31' },
  },
  {
    question: 'Great Plains Indemnity homeowners forms filing in Virginia withdrawn earlier this year',
    keywords: 'Great Plains Indemnity Virginia form withdrawn',
    facts: {
      company: `Great Plains ${INDEMNITY}`,
      state: 'VA',
      year: 2026,
      line: 'homeowners',
      type: 'form',
      status: 'withdrawn',
    },
  },
  {
    question: 'great plains indemnity texas dwelling rate increase 14% in 2023',
    keywords: 'Great Plains Indemnity TX dwelling 2023',
    facts: { company: `Great Plains ${INDEMNITY}`, state: 'TX', year: 2023, line: 'dwelling fire' },
  },
  {
    question: 'Sunflower Mutal Rhode Island dwelling fire rate/rule filing, Feb 2024',
    keywords: 'Sunflower Mutual RI dwelling 2024',
    facts: {
      company: `Sunflower ${MUTUAL}`,
      state: 'RI',
      line: 'dwelling fire',
      from: '2024-02-01',
      to: '2024-02-29',
    },
  },
  {
    question: 'Sea Island Fire North Dakota commercial property filing with a hail model in 2022',
    keywords: 'Sea Island Fire ND commercial HailGrid',
    facts: { company: `Sea Island ${FIRE}`, state: 'ND', year: 2022, line: 'commercial property' },
  },
  {
    question:
      "What did Montana object to in Sierra Crest Mutual's commercial property filing with Z-HAIL and a roof age model in 2023?",
    keywords: 'Sierra Crest Montana commercial Z-HAIL 2023',
    facts: { company: `Sierra Crest ${MUTUAL}`, state: 'MT', year: 2023, line: 'commercial property', model: 'Z-HAIL' },
  },
  {
    question: 'Cascade Casualty Ohio dwelling fire form filing from January 2021',
    keywords: 'Cascade Casualty Ohio dwelling form 2021',
    facts: {
      company: `Cascade ${CASUALTY}`,
      state: 'OH',
      line: 'dwelling fire',
      type: 'form',
      from: '2021-01-01',
      to: '2021-01-31',
    },
  },
  {
    question: 'Dogwood Home Alabama homeowners rule filing last month with a storm model',
    keywords: 'Dogwood Home Alabama homeowners Z-STORM 2026',
    facts: {
      company: `Dogwood ${HOME}`,
      state: 'AL',
      line: 'homeowners',
      type: 'rule',
      from: '2026-10-01',
      to: '2026-10-31',
    },
  },
  {
    question: 'Mesa Home Georgia dwelling fire filing with SevereSight around the end of 2022',
    keywords: 'Mesa Home Georgia SevereSight',
    facts: { company: `Mesa ${HOME}`, state: 'GA', year: 2022, line: 'dwelling fire', model: 'SevereSight' },
  },
  {
    question: 'Frontier P&C Louisiana homeowners rate and rule filing in 2024, about 14% increase',
    keywords: 'Frontier P&C Louisiana homeowners 2024',
    facts: { company: `Frontier ${PC}`, state: 'LA', year: 2024, line: 'homeowners', type: 'rate/rule' },
  },
  {
    question: "How big was Sea Island P&C's Florida dwelling fire rate hike in June 2026?",
    keywords: 'Sea Island P&C FL dwelling 2026',
    facts: {
      company: `Sea Island ${PC}`,
      state: 'FL',
      line: 'dwelling fire',
      from: '2026-06-01',
      to: '2026-06-30',
    },
  },
  {
    question: 'Magnolia Holdings New Mexico homeowners filings citing Ember Score in 2022',
    keywords: 'Magnolia NM EmberScore 2022',
    facts: { group: 'Magnolia Holdings Group', state: 'NM', year: 2022, line: 'homeowners', model: 'EmberScore' },
  },
  {
    question: "Is Dogwood Indemnity's Arizona commercial rule filing with EmberScore still pending?",
    keywords: 'Dogwood Indemnity Arizona commercial pending',
    facts: {
      company: `Dogwood ${INDEMNITY}`,
      state: 'AZ',
      line: 'commercial property',
      status: 'pending',
      model: 'EmberScore',
    },
  },
  {
    question: 'delta casualty lousiana dwelling fire rates 2020 windstorm model increase under 6%',
    keywords: 'Delta Casualty LA dwelling 2020',
    facts: { company: `Delta ${CASUALTY}`, state: 'LA', year: 2020, line: 'dwelling fire' },
  },
];
