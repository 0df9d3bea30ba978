/**
 * The discovery relevance set (issue 40): analyst questions over the default sample corpus (seed
 * 2026), each written from one filing's fields and paraphrased by hand (carriers, misspellings,
 * states by name or code, years, lines, perils, statuses, rate sizes), with a short keyword query
 * for the same filing. `facts` are what the question states: the expected filings are every filing
 * of the corpus with those facts (one at 3,000 filings, a few at 100,000), so the set stays right at
 * any corpus size. Every fourth case is held out: reported apart and never tuned on.
 */
export interface RelevanceFacts {
  /** The company, or (for a question naming a group) the group. */
  company?: string;
  group?: string;
  state: string;
  year?: number;
  line?: string;
  status?: string;
  type?: string;
  model?: string;
  /** A submission range the question states ("since 2024", "Q3 2023"), ISO dates. */
  from?: string;
  to?: string;
}
export interface RelevanceCase {
  question: string;
  keywords: string;
  facts: RelevanceFacts;
}

const MUTUAL = 'Mutual Insurance Company';
const PC = 'Property & Casualty Insurance Company';
const FIRE = 'Fire Insurance Company';
const HOME = 'Home Insurance Company';

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

const CASUALTY = 'Casualty Company';
const INDEMNITY = 'Indemnity Company';

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
