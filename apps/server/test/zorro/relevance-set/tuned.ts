import { FIRE, HOME, MUTUAL, PC, type RelevanceCase } from './types.js';

/** The tuned set: 66 cases written from 66 filings of the default corpus before the reader (the first set). */
export const RELEVANCE_SET: RelevanceCase[] = [
  {
    question:
      'Liberty Oak Indemnity manufactured home rate and rule filing in North Carolina, 2026: what hurricane model did they use?',
    keywords: 'Liberty Oak Indemnity mobile home NC 2026',
    facts: { company: 'Liberty Oak Indemnity Company', state: 'NC', year: 2026, line: 'mobile home' },
  },
  {
    question: "Why did Missouri disapprove Evergreen Fire's dwelling rate filing in 2023?",
    keywords: 'Evergreen Fire dwelling Missouri disapproved',
    facts: { company: `Evergreen ${FIRE}`, state: 'MO', year: 2023, line: 'dwelling fire', status: 'disapproved' },
  },
  {
    question: 'Sunflower Casualty homeowners increase of about 10.6% in Virginia in 2022',
    keywords: 'Sunflowr Casualty Virginia 2022',
    facts: { company: 'Sunflower Casualty Company', state: 'VA', year: 2022, line: 'homeowners' },
  },
  {
    question: 'Did Delta Mutual use Tempest CAT in its Louisiana homeowners filing in 2025?',
    keywords: 'Delta Mutual Tempest CAT Louisiana',
    facts: { company: `Delta ${MUTUAL}`, state: 'LA', year: 2025, line: 'homeowners', model: 'Tempest CAT' },
  },
  {
    question: 'Mesa Home Insurance homeowners rate/rule filing in Wyoming, early 2026',
    keywords: 'Mesa Home Wyoming homeowners',
    facts: { company: `Mesa ${HOME}`, state: 'WY', year: 2026, line: 'homeowners' },
  },
  {
    question:
      "Dogwood Indemnity's 2024 Colorado homeowners filing that introduced a wildfire score: how big was the rate change?",
    keywords: 'Dogwood Indemnity Colorado wildfire 2024',
    facts: { company: 'Dogwood Indemnity Company', state: 'CO', year: 2024, line: 'homeowners' },
  },
  {
    question: 'Sea Island P&C dwelling fire rate filing in Lousiana in 2021 with Z-WIND',
    keywords: 'Sea Island dwelling Louisiana 2021 Z-WIND',
    facts: { company: `Sea Island ${PC}`, state: 'LA', year: 2021, line: 'dwelling fire' },
  },
  {
    question: "Is Cascade Mutual's farm form filing in Georgia still pending?",
    keywords: 'Cascade Mutual farmowners Georgia pending',
    facts: { company: `Cascade ${MUTUAL}`, state: 'GA', line: 'farmowners', status: 'pending', type: 'form' },
  },
  {
    question: 'Sierra Crest Casualty Missouri homeowners 2025 with hail and roof age models, rates up 11%',
    keywords: 'Sierra Crest Casualty Missouri 2025 roof age',
    facts: { company: 'Sierra Crest Casualty Company', state: 'MO', year: 2025, line: 'homeowners' },
  },
  {
    question: 'Which Alpine Property and Casualty rule filing for farms was disapproved in Virginia in 2020?',
    keywords: 'Alpine farmowners Virginia disapproved 2020',
    facts: { company: `Alpine ${PC}`, state: 'VA', year: 2020, line: 'farmowners', status: 'disapproved' },
  },
  {
    question: 'Colonial Mutual commercial property filing in Florida in 2021 using a hurricane model',
    keywords: 'Colonial Mutual commercial Florida hurricane',
    facts: { company: `Colonial ${MUTUAL}`, state: 'FL', year: 2021, line: 'commercial property' },
  },
  {
    question: 'Heartland Mutual HurriSim dwelling fire Florida 2025',
    keywords: 'Heartlnd Mutual HurriSim Florida',
    facts: { company: `Heartland ${MUTUAL}`, state: 'FL', year: 2025, line: 'dwelling fire', model: 'HurriSim' },
  },
  {
    question:
      'Great Plains Indemnity withdrew a commercial property rate filing in Kentucky this year: what was proposed?',
    keywords: 'Great Plains Indemnity Kentucky withdrawn',
    facts: { company: 'Great Plains Indemnity Company', state: 'KY', line: 'commercial property', status: 'withdrawn' },
  },
  {
    question: 'Mesa Indemnity cut commercial property rates slightly in North Dakota in 2022; which hail model?',
    keywords: 'Mesa Indemnity North Dakota commercial 2022',
    facts: { company: 'Mesa Indemnity Company', state: 'ND', year: 2022, line: 'commercial property' },
  },
  {
    question: 'Dogwood Home dwelling fire rate decrease in Oklahoma 2020',
    keywords: 'Dogwood Home Oklahoma dwelling decrease',
    facts: { company: `Dogwood ${HOME}`, state: 'OK', year: 2020, line: 'dwelling fire' },
  },
  {
    question: 'Evergreen Fire farmowners Alabama 2024, an increase near 19%',
    keywords: 'Evergreen farmowners Alabama 2024',
    facts: { company: `Evergreen ${FIRE}`, state: 'AL', year: 2024, line: 'farmowners' },
  },
  {
    question: 'Keystone Home homeowners rate filing in Hawaii, 2020',
    keywords: 'Keystone Home Hawaii',
    facts: { company: `Keystone ${HOME}`, state: 'HI', year: 2020, line: 'homeowners' },
  },
  {
    question: 'Sierra Crest Mutual commercial filing in Missouri in 2019 citing HailGrid',
    keywords: 'Sierra Crest Mutual HailGrid Missouri',
    facts: {
      company: `Sierra Crest ${MUTUAL}`,
      state: 'MO',
      year: 2019,
      line: 'commercial property',
      model: 'HailGrid',
    },
  },
  {
    question:
      'Magnolia Property & Casualty commercial property rate and rule filing, Missouri 2020, severe storm model',
    keywords: 'Magnolia P&C Missouri commercial 2020',
    facts: { company: `Magnolia ${PC}`, state: 'MO', year: 2020, line: 'commercial property' },
  },
  {
    question: 'Delta Casualty dwelling fire Indiana 2024 Z-PROPERTY',
    keywords: 'Delta Casualty Indiana Z-PROPERTY',
    facts: { company: 'Delta Casualty Company', state: 'IN', year: 2024, line: 'dwelling fire' },
  },
  {
    question: 'Palmetto Mutual pulled its Kansas commercial property hail filing in 2020: why?',
    keywords: 'Palmetto Mutual Kansas withdrawn',
    facts: { company: `Palmetto ${MUTUAL}`, state: 'KS', year: 2020, line: 'commercial property', status: 'withdrawn' },
  },
  {
    question: 'Frontier P&C Colorado commercial property 2024 with Z-FIRE and Z-HAIL, rate change around 14%',
    keywords: 'Frontier Colorado commercial Z-FIRE Z-HAIL',
    facts: { company: `Frontier ${PC}`, state: 'CO', year: 2024, line: 'commercial property' },
  },
  {
    question: 'Dogwood Indemnity Texas dwelling fire 2024 with hail and wind models',
    keywords: 'Dogwood Indemnity Texas 2024 dwelling',
    facts: { company: 'Dogwood Indemnity Company', state: 'TX', year: 2024, line: 'dwelling fire' },
  },
  {
    question: 'Dogwood Home homeowners rule filing in Wisconsin, 2024',
    keywords: 'Dogwood Home Wisconsin rule',
    facts: { company: `Dogwood ${HOME}`, state: 'WI', year: 2024, line: 'homeowners' },
  },
  {
    question: "Why was Coastal Property & Casualty's 2023 Florida homeowners rate filing withdrawn?",
    keywords: 'Coastal P&C Florida withdrawn 2023',
    facts: { company: `Coastal ${PC}`, state: 'FL', year: 2023, line: 'homeowners', status: 'withdrawn' },
  },
  {
    question: 'Sunflower Mutual dwelling fire Louisiana 2025 FloodLine flood model',
    keywords: 'Sunflower Mutual FloodLine',
    facts: { company: `Sunflower ${MUTUAL}`, state: 'LA', year: 2025, line: 'dwelling fire', model: 'FloodLine' },
  },
  {
    question: 'Sea Island homeowners rule change in Tennessee in 2023',
    keywords: 'Sea Island Tennessee 2023',
    facts: { company: `Sea Island ${PC}`, state: 'TN', year: 2023, line: 'homeowners' },
  },
  {
    question: 'Evergreen Fire North Dakota 2019 commercial property with Z-HAIL and roof age',
    keywords: 'Evergreen Fire ND commercial 2019',
    facts: { company: `Evergreen ${FIRE}`, state: 'ND', year: 2019, line: 'commercial property' },
  },
  {
    question: "Colonial Mutual's pending homeowners form filing in Tennessee",
    keywords: 'Colonial Mutual Tennessee pending form',
    facts: { company: `Colonial ${MUTUAL}`, state: 'TN', line: 'homeowners', status: 'pending', type: 'form' },
  },
  {
    question: 'Dogwood Home Florida homeowners 2019 rate/rule filing, +7.3%',
    keywords: 'Dogwood Home FL 2019',
    facts: { company: `Dogwood ${HOME}`, state: 'FL', year: 2019, line: 'homeowners' },
  },
  {
    question: 'Delta Mutual West Virginia homeowners rate filing from 2020',
    keywords: 'Delta Mutual West Virginia',
    facts: { company: `Delta ${MUTUAL}`, state: 'WV', year: 2020, line: 'homeowners' },
  },
  {
    question: 'Heartland Mutual Colorado homeowners filing in 2022 that used EmberScore',
    keywords: 'Heartland Mutual EmberScore Colorado',
    facts: { company: `Heartland ${MUTUAL}`, state: 'CO', year: 2022, line: 'homeowners', model: 'EmberScore' },
  },
  {
    question: 'Great Plains Home Mississippi homeowners rule filing 2023 with a rate change over 15%',
    keywords: 'Great Plains Home Mississippi 2023',
    facts: { company: `Great Plains ${HOME}`, state: 'MS', year: 2023, line: 'homeowners' },
  },
  {
    question: 'Alpine Fire Louisiana dwelling filing in 2020 with a flood model',
    keywords: 'Alpine Fire Louisiana FloodLine',
    facts: { company: `Alpine ${FIRE}`, state: 'LA', year: 2020, line: 'dwelling fire' },
  },
  {
    question: 'Prairie Property and Casualty farm filing in Idaho in 2025',
    keywords: 'Prairie farmowners Idaho',
    facts: { company: `Prairie ${PC}`, state: 'ID', year: 2025, line: 'farmowners' },
  },
  {
    question: 'Bayou Home Washington dwelling fire rule filing 2019 WildRisk Pro',
    keywords: 'Bayou Home WildRisk Pro',
    facts: { company: `Bayou ${HOME}`, state: 'WA', year: 2019, line: 'dwelling fire', model: 'WildRisk Pro' },
  },
  {
    question: 'Sierra Crest Mutal homeowners Georgia 2019',
    keywords: 'Sierra Crest Mutual Georgia 2019',
    facts: { company: `Sierra Crest ${MUTUAL}`, state: 'GA', year: 2019, line: 'homeowners' },
  },
  {
    question: 'Mesa Indemnity homeowners filing in Virginia in 2019, about 13%',
    keywords: 'Mesa Indemnity Virginia homeowners',
    facts: { company: 'Mesa Indemnity Company', state: 'VA', year: 2019, line: 'homeowners' },
  },
  {
    question: 'Magnolia P&C Connecticut homeowners rate filing 2024',
    keywords: 'Magnolia Connecticut',
    facts: { company: `Magnolia ${PC}`, state: 'CT', year: 2024, line: 'homeowners' },
  },
  {
    question: 'Granite P&C Minnesota commercial property with HailGrid in 2024',
    keywords: 'Granite Minnesota HailGrid',
    facts: { company: `Granite ${PC}`, state: 'MN', year: 2024, line: 'commercial property' },
  },
  {
    question: 'Magnolia Fire dwelling fire rate filing in Mississippi in 2024 with SevereSight',
    keywords: 'Magnolia Fire SevereSight Mississippi',
    facts: { company: `Magnolia ${FIRE}`, state: 'MS', year: 2024, line: 'dwelling fire', model: 'SevereSight' },
  },
  {
    question: 'Granite Property & Casualty withdrew a California homeowners filing in 2022 that cited EmberScore',
    keywords: 'Granite California withdrawn EmberScore',
    facts: { company: `Granite ${PC}`, state: 'CA', year: 2022, line: 'homeowners', status: 'withdrawn' },
  },
  {
    question: 'Cascade Mutual homeowners hurricane model filing, Louisiana 2025',
    keywords: 'Cascade Mutual Louisiana Z-WIND 2025',
    facts: { company: `Cascade ${MUTUAL}`, state: 'LA', year: 2025, line: 'homeowners' },
  },
  {
    question: 'Summit Ridge Mutual Nebraska homeowners 2020 that used ROOF AGE',
    keywords: 'Summit Ridge Nebraska roof age',
    facts: { company: `Summit Ridge ${MUTUAL}`, state: 'NE', year: 2020, line: 'homeowners', model: 'ROOF AGE' },
  },
  {
    question: 'Pinecrest Indemnity homeowners rule filing disapproved in Missouri in 2021',
    keywords: 'Pinecrest Indemnity Missouri disapproved',
    facts: {
      company: 'Pinecrest Indemnity Company',
      state: 'MO',
      year: 2021,
      line: 'homeowners',
      status: 'disapproved',
    },
  },
  {
    question: 'Liberty Oak Home farmowners rate filing rejected in Iowa in 2026 with RoofIQ',
    keywords: 'Liberty Oak Iowa RoofIQ',
    facts: { company: `Liberty Oak ${HOME}`, state: 'IA', year: 2026, line: 'farmowners', status: 'disapproved' },
  },
  {
    question: 'Frontier Property and Casualty dwelling fire rule filing in North Carolina 2024',
    keywords: 'Frontier dwelling North Carolina 2024',
    facts: { company: `Frontier ${PC}`, state: 'NC', year: 2024, line: 'dwelling fire' },
  },
  {
    question: 'Granite Fire Texas homeowners 2021 with Z-HAIL',
    keywords: 'Granite Fire Texas Z-HAIL',
    facts: { company: `Granite ${FIRE}`, state: 'TX', year: 2021, line: 'homeowners' },
  },
  {
    question: 'Harbor Indemnity Pennsylvania dwelling fire 2024 SevereSight',
    keywords: 'Harbor Indemnity Pennsylvania',
    facts: { company: 'Harbor Indemnity Company', state: 'PA', year: 2024, line: 'dwelling fire' },
  },
  {
    question: 'Liberty Oak Home withdrew a North Dakota homeowners rate filing in 2022',
    keywords: 'Liberty Oak Home North Dakota withdrawn',
    facts: { company: `Liberty Oak ${HOME}`, state: 'ND', year: 2022, line: 'homeowners', status: 'withdrawn' },
  },
  {
    question: 'Delta Casualty California homeowners 2021 Z-FIRE wildfire score',
    keywords: 'Delta Casualty California Z-FIRE',
    facts: { company: 'Delta Casualty Company', state: 'CA', year: 2021, line: 'homeowners' },
  },
  {
    question: 'Keystone Indemnity Nebraska dwelling fire 2022 with RoofIQ',
    keywords: 'Keystone Indemnity Nebraska RoofIQ',
    facts: { company: 'Keystone Indemnity Company', state: 'NE', year: 2022, line: 'dwelling fire' },
  },
  {
    question: 'Keystone Indemnity Pennsylvania homeowners rate and rule filing, early 2022',
    keywords: 'Keystone Indemnity Pennsylvania homeowners 2022',
    facts: { company: 'Keystone Indemnity Company', state: 'PA', year: 2022, line: 'homeowners' },
  },
  {
    question: 'Sierra Crest Mutual Washington dwelling fire with EmberScore, a 19% increase, 2023',
    keywords: 'Sierra Crest Washington EmberScore',
    facts: { company: `Sierra Crest ${MUTUAL}`, state: 'WA', year: 2023, line: 'dwelling fire' },
  },
  {
    question: 'Heartland Casualty Oregon dwelling fire rate filing withdrawn 2019',
    keywords: 'Heartland Casualty Oregon withdrawn',
    facts: {
      company: 'Heartland Casualty Company',
      state: 'OR',
      year: 2019,
      line: 'dwelling fire',
      status: 'withdrawn',
    },
  },
  {
    question: 'Prairie P&C Nevada homeowners filing with Z-FIRE in 2020',
    keywords: 'Prairie Nevada Z-FIRE',
    facts: { company: `Prairie ${PC}`, state: 'NV', year: 2020, line: 'homeowners' },
  },
  {
    question: 'Colonial Casualty Alaska homeowners form filing withdrawn 2022',
    keywords: 'Colonial Casualty Alaska',
    facts: { company: 'Colonial Casualty Company', state: 'AK', year: 2022, line: 'homeowners' },
  },
  {
    question: 'Dogwood Home farmowners rate filing in Illinois in 2021 with almost no rate change',
    keywords: 'Dogwood Home Illinois farmowners',
    facts: { company: `Dogwood ${HOME}`, state: 'IL', year: 2021, line: 'farmowners' },
  },
  {
    question: 'Sunflower Mutual Mississippi homeowners 2023 with Z-STORM',
    keywords: 'Sunflower Mutual Mississippi Z-STORM 2023',
    facts: { company: `Sunflower ${MUTUAL}`, state: 'MS', year: 2023, line: 'homeowners' },
  },
  {
    question: 'Prairie Fire commercial property Iowa 2022 with a roof age model',
    keywords: 'Prairie Fire Iowa commercial',
    facts: { company: `Prairie ${FIRE}`, state: 'IA', year: 2022, line: 'commercial property' },
  },
  {
    question: 'Which wildfire-model homeowners filing did Colonial Mutual withdraw in California at the end of 2023?',
    keywords: 'Colonial Mutual California withdrawn wildfire',
    facts: { company: `Colonial ${MUTUAL}`, state: 'CA', year: 2023, line: 'homeowners', status: 'withdrawn' },
  },
  {
    question: 'pending Summit Ridge Mutual dwelling rule filing in the District of Columbia using FloodLine',
    keywords: 'Summit Ridge DC FloodLine pending',
    facts: { company: `Summit Ridge ${MUTUAL}`, state: 'DC', line: 'dwelling fire', status: 'pending' },
  },
  {
    question: 'Heartland Mutual manufactured homes in Colorado, 2023, a rate increase over 20% with Z-FIRE',
    keywords: 'Heartland manufactured home Colorado',
    facts: { company: `Heartland ${MUTUAL}`, state: 'CO', year: 2023, line: 'mobile home' },
  },
  {
    question: "Liberty Oak Home's Florida dwelling filing with HurriSim that was withdrawn in 2023",
    keywords: 'Liberty Oak Home Florida HurriSim withdrawn',
    facts: { company: `Liberty Oak ${HOME}`, state: 'FL', year: 2023, line: 'dwelling fire', status: 'withdrawn' },
  },
  {
    question: 'Delta Mutual commercial property rule filing in Washington state in 2023 with WildRisk Pro',
    keywords: 'Delta Mutual Washington WildRisk',
    facts: { company: `Delta ${MUTUAL}`, state: 'WA', year: 2023, line: 'commercial property' },
  },
  {
    question: 'did delta casualty use roofiq in iowa homeowners in 2024',
    keywords: 'delta casualty iowa roofiq',
    facts: { company: 'Delta Casualty Company', state: 'IA', year: 2024, line: 'homeowners' },
  },
];

/** Every fourth case is held out (reported apart, never tuned on). */
export const isHeldOut = (index: number) => index % 4 === 3;
