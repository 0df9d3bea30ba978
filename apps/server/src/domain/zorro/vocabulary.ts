import type { ZorroFilters } from '@zview/contracts';

/**
 * The words an analyst uses for the filings' structured fields: data read by understand.ts, so a
 * new synonym is a line here, not a rule in code. Phrases are lower case, words separated by one
 * space ("&" is read as "and", a hyphen between letters as a space); the longest phrase wins.
 * Company, group, model and state names come from the corpus and states.ts, not from here.
 */
export interface Vocabulary {
  lines: Record<ZorroFilters['line'][number], string[]>;
  /** Filing types: a phrase names one or several types ("rate filing" also covers rate/rule filings). */
  types: { phrase: string; types: ZorroFilters['type'] }[];
  statuses: Record<ZorroFilters['status'][number], string[]>;
  /** Perils: read as the model categories covering them when a model word is near ("hail models"). */
  perils: { phrases: string[]; categories: ZorroFilters['category'] }[];
  /** Words that make a peril a cited-model filter. */
  modelWords: string[];
  /** Rate-change words: a direction, or a condition on the number that follows. */
  rate: {
    increase: string[];
    decrease: string[];
    flat: string[];
    atLeast: string[];
    atMost: string[];
    /** After the number: "10 percent or more", "5% or less". */
    atLeastAfter: string[];
    atMostAfter: string[];
    about: string[];
    doubleDigit: string[];
  };
  /** Date words before a year or a date. */
  dates: {
    since: string[];
    /** After a year: "2020 onwards", "2021 or later". */
    sinceAfter: string[];
    /** Periods counted from today: "YTD", "this quarter", "last quarter". */
    periods: Record<string, 'yearToDate' | 'thisQuarter' | 'lastQuarter'>;
    after: string[];
    before: string[];
    until: string[];
    yearNoise: string[];
    /** Parts of a year before a year ("Q3 2024", "first half of 2023"): months [first, last]. */
    parts: { phrases: string[]; months: [number, number] }[];
    /** "the past two years", "last 6 months": a span back from today (a number, then a unit). */
    lately: string[];
    /** "the past year", "the previous month": one unit back from today ("last year" is the calendar year). */
    latelyOne: string[];
    units: Record<string, 'year' | 'month' | 'week' | 'day'>;
    numberWords: Record<string, number>;
  };
  /** Other names of states ("Washington DC"), lower case, read before the states' own names. */
  stateAliases: Record<string, string>;
  /**
   * States' nicknames ("the Golden State", "Lone Star State"), lower case, without their "the",
   * read as typed (no letter off) before companies: their words are often a company's first word
   * too ("Granite State", "Keystone State", "Magnolia State").
   */
  stateNicknames: Record<string, string>;
  /** Phrases that hold a nickname but name a region or any state ("a Rocky Mountain state"): not read as one. */
  stateNicknameLookalikes: string[];
  /** Lower-case two-letter state codes read as states (others, like "in", "or", "me", are words). */
  lowerCaseStateCodes: string[];
  /** Name forms typed for a company: "P&C" is "Property and Casualty". */
  nameForms: [string, string][];
  /** Words of company names that describe the kind of company, not which one ("Mutual", "Fire"). */
  companyKindWords: string[];
  /** Words that carry no meaning for retrieval once the question is read. */
  stopWords: string[];
  /**
   * Words filings write otherwise ("discount": filings say "credit"): searched instead of the
   * typed word only when the typed word finds nothing with the rest of the query.
   */
  wordAlternatives: Record<string, string[]>;
  /**
   * Words of a question about what the regulator said ("What did regulators say about FloodLine?"):
   * its passages are then looked for in the objection letters too (the word "objection").
   */
  regulatorWords: string[];
}

export const VOCABULARY: Vocabulary = {
  lines: {
    homeowners: [
      'homeowners',
      'homeowner',
      'home owners',
      'home owner',
      'homeowners insurance',
      'ho',
      'ho3',
      'ho 3',
      'ho-3',
    ],
    'dwelling fire': [
      'dwelling fire',
      'dwelling',
      'dwellings',
      'dp',
      'dp3',
      'dp 3',
      'dp-3',
      'landlord',
      'rental dwelling',
    ],
    'commercial property': ['commercial property', 'commercial', 'business property', 'commercial properties'],
    farmowners: ['farmowners', 'farmowner', 'farm owners', 'farm', 'farms', 'ranch', 'agricultural'],
    'mobile home': [
      'mobile home',
      'mobile homes',
      'manufactured home',
      'manufactured homes',
      'manufactured housing',
      'trailer',
    ],
  },
  types: [
    { phrase: 'rate and rule', types: ['rate/rule'] },
    { phrase: 'rate rule', types: ['rate/rule'] },
    { phrase: 'rate/rule', types: ['rate/rule'] },
    { phrase: 'rate filing', types: ['rate', 'rate/rule'] },
    { phrase: 'rate filings', types: ['rate', 'rate/rule'] },
    { phrase: 'rule filing', types: ['rule', 'rate/rule'] },
    { phrase: 'rule filings', types: ['rule', 'rate/rule'] },
    { phrase: 'rule change', types: ['rule', 'rate/rule'] },
    { phrase: 'rule changes', types: ['rule', 'rate/rule'] },
    { phrase: 'form filing', types: ['form'] },
    { phrase: 'form filings', types: ['form'] },
    { phrase: 'forms filing', types: ['form'] },
    { phrase: 'policy forms', types: ['form'] },
  ],
  statuses: {
    approved: ['approved', 'accepted', 'signed off'],
    disapproved: [
      'disapproved',
      'disapprove',
      'disapproval',
      'rejected',
      'reject',
      'denied',
      'deny',
      'turned down',
      'refused',
    ],
    withdrawn: ['withdrawn', 'withdrew', 'withdraw', 'withdrawal', 'pulled', 'retracted'],
    pending: [
      'pending',
      'still open',
      'under review',
      'in review',
      'awaiting decision',
      'not yet decided',
      'undecided',
    ],
  },
  perils: [
    { phrases: ['wildfire', 'wildfires', 'wild fire', 'brush fire', 'bushfire', 'wildland'], categories: ['wildfire'] },
    { phrases: ['hail', 'hailstorm', 'hailstorms', 'hail storm'], categories: ['hail'] },
    {
      phrases: ['hurricane', 'hurricanes', 'wind', 'windstorm', 'tropical storm', 'named storm', 'cyclone'],
      categories: ['wind'],
    },
    {
      phrases: ['severe storm', 'severe storms', 'severe convective storm', 'convective storm', 'tornado', 'storm'],
      categories: ['storm'],
    },
    { phrases: ['flood', 'floods', 'flooding', 'storm surge'], categories: ['flood'] },
    { phrases: ['roof age', 'roof', 'roofs', 'old roofs', 'roof condition'], categories: ['roof age'] },
    // An analyst's "cat model" ("CAT modeling", "catastrophe models") is the filings' catastrophe category.
    { phrases: ['cat', 'catastrophe'], categories: ['catastrophe'] },
  ],
  modelWords: ['model', 'models', 'modeling', 'modelling', 'score', 'scores', 'scoring', 'tool', 'tools'],
  rate: {
    increase: ['increase', 'increases', 'increased', 'hike', 'hikes', 'rates up', 'rate up', 'raise', 'raised'],
    decrease: [
      'decrease',
      'decreases',
      'decreased',
      'cut',
      'cuts',
      'reduction',
      'reductions',
      'reduced',
      'lower rates',
      'rates down',
      'rate down',
    ],
    flat: ['no rate change', 'almost no rate change', 'flat', 'unchanged', 'no change'],
    atLeast: [
      'over',
      'above',
      'more than',
      'greater than',
      'at least',
      'exceeding',
      'higher than',
      'north of',
      'upwards of',
    ],
    atMost: ['under', 'below', 'less than', 'at most', 'lower than', 'up to', 'no more than'],
    atLeastAfter: ['or more', 'or higher', 'or above', 'or greater', 'or over', 'and up', 'and above', 'plus'],
    atMostAfter: ['or less', 'or lower', 'or below', 'or under', 'and under', 'and below'],
    about: ['about', 'around', 'approximately', 'roughly', 'near', 'nearly', 'close to', 'almost', 'some', 'circa'],
    doubleDigit: ['double digit', 'double-digit', 'double digits'],
  },
  dates: {
    since: ['since', 'starting', 'as of', 'starting from'],
    sinceAfter: ['onwards', 'onward', 'or later', 'and later', 'or after', 'and after'],
    periods: {
      ytd: 'yearToDate',
      'year to date': 'yearToDate',
      'this year so far': 'yearToDate',
      'this quarter': 'thisQuarter',
      'the current quarter': 'thisQuarter',
      'current quarter': 'thisQuarter',
      'last quarter': 'lastQuarter',
      'previous quarter': 'lastQuarter',
      'the last quarter': 'lastQuarter',
      'the previous quarter': 'lastQuarter',
    },
    after: ['after'],
    before: ['before', 'prior to'],
    until: ['until', 'through', 'up to'],
    yearNoise: [
      'early',
      'late',
      'mid',
      'end of',
      'start of',
      'beginning of',
      'the end of',
      'the start of',
      'spring',
      'summer',
      'fall',
      'autumn',
      'winter',
      'spring of',
      'summer of',
      'fall of',
      'autumn of',
      'winter of',
    ],
    parts: [
      { phrases: ['q1', '1q', 'first quarter', '1st quarter', 'first quarter of', '1st quarter of'], months: [1, 3] },
      { phrases: ['q2', '2q', 'second quarter', '2nd quarter', 'second quarter of', '2nd quarter of'], months: [4, 6] },
      { phrases: ['q3', '3q', 'third quarter', '3rd quarter', 'third quarter of', '3rd quarter of'], months: [7, 9] },
      {
        phrases: ['q4', '4q', 'fourth quarter', '4th quarter', 'fourth quarter of', '4th quarter of'],
        months: [10, 12],
      },
      { phrases: ['h1', '1h', 'first half', 'first half of', 'the first half of'], months: [1, 6] },
      { phrases: ['h2', '2h', 'second half', 'second half of', 'the second half of'], months: [7, 12] },
    ],
    lately: ['past', 'last', 'previous', 'the past', 'the last', 'the previous'],
    latelyOne: ['past', 'previous', 'the past', 'the previous'],
    units: {
      year: 'year',
      years: 'year',
      yr: 'year',
      yrs: 'year',
      month: 'month',
      months: 'month',
      mo: 'month',
      mos: 'month',
      week: 'week',
      weeks: 'week',
      day: 'day',
      days: 'day',
    },
    numberWords: {
      one: 1,
      two: 2,
      three: 3,
      four: 4,
      five: 5,
      six: 6,
      seven: 7,
      eight: 8,
      nine: 9,
      ten: 10,
      eleven: 11,
      twelve: 12,
      eighteen: 18,
      few: 3,
      couple: 2,
    },
  },
  stateAliases: {
    // Newspaper abbreviations and initials with dots (the words "miss", "ill", "wash" are left as words).
    ala: 'AL',
    ariz: 'AZ',
    ark: 'AR',
    calif: 'CA',
    cal: 'CA',
    colo: 'CO',
    conn: 'CT',
    fla: 'FL',
    kan: 'KS',
    kans: 'KS',
    mich: 'MI',
    minn: 'MN',
    mont: 'MT',
    neb: 'NE',
    nebr: 'NE',
    nev: 'NV',
    okla: 'OK',
    penn: 'PA',
    tenn: 'TN',
    tex: 'TX',
    wis: 'WI',
    wisc: 'WI',
    wyo: 'WY',
    'n.c': 'NC',
    's.c': 'SC',
    'n.d': 'ND',
    's.d': 'SD',
    'n.h': 'NH',
    'n.j': 'NJ',
    'n.m': 'NM',
    'n.y': 'NY',
    'r.i': 'RI',
    'w.va': 'WV',
    'n carolina': 'NC',
    's carolina': 'SC',
    'n dakota': 'ND',
    's dakota': 'SD',
    'w virginia': 'WV',
    'washington state': 'WA',
    'washington dc': 'DC',
    'washington d.c': 'DC',
    'washington d c': 'DC',
    'd.c': 'DC',
  },
  stateNicknames: {
    'yellowhammer state': 'AL',
    'heart of dixie': 'AL',
    // Not "the Last Frontier" alone: "the last Frontier filing" is the latest filing of the Frontier companies.
    'last frontier state': 'AK',
    'grand canyon state': 'AZ',
    'natural state': 'AR',
    'golden state': 'CA',
    'centennial state': 'CO',
    'constitution state': 'CT',
    'nutmeg state': 'CT',
    // Not "the First State": "the first state to approve…" is a question, not Delaware.
    'diamond state': 'DE',
    "nation's capital": 'DC',
    'nations capital': 'DC',
    'sunshine state': 'FL',
    'peach state': 'GA',
    'empire state of the south': 'GA',
    'aloha state': 'HI',
    'gem state': 'ID',
    'prairie state': 'IL',
    'land of lincoln': 'IL',
    'hoosier state': 'IN',
    'hawkeye state': 'IA',
    'sunflower state': 'KS',
    'bluegrass state': 'KY',
    'pelican state': 'LA',
    'bayou state': 'LA',
    'pine tree state': 'ME',
    'old line state': 'MD',
    'bay state': 'MA',
    'great lakes state': 'MI',
    'wolverine state': 'MI',
    'north star state': 'MN',
    'gopher state': 'MN',
    'magnolia state': 'MS',
    'show me state': 'MO',
    'treasure state': 'MT',
    'big sky country': 'MT',
    'cornhusker state': 'NE',
    'silver state': 'NV',
    'battle born state': 'NV',
    'granite state': 'NH',
    'garden state': 'NJ',
    'land of enchantment': 'NM',
    'empire state': 'NY',
    'tar heel state': 'NC',
    'tarheel state': 'NC',
    'old north state': 'NC',
    'peace garden state': 'ND',
    'roughrider state': 'ND',
    'buckeye state': 'OH',
    'sooner state': 'OK',
    'beaver state': 'OR',
    'keystone state': 'PA',
    'ocean state': 'RI',
    'little rhody': 'RI',
    'palmetto state': 'SC',
    'mount rushmore state': 'SD',
    'volunteer state': 'TN',
    'lone star state': 'TX',
    'beehive state': 'UT',
    'green mountain state': 'VT',
    'old dominion': 'VA',
    'old dominion state': 'VA',
    'evergreen state': 'WA',
    'mountain state': 'WV',
    'badger state': 'WI',
    'equality state': 'WY',
    'cowboy state': 'WY',
  },
  stateNicknameLookalikes: ['rocky mountain state', 'a mountain state', 'a prairie state'],
  lowerCaseStateCodes:
    'ak az ar ca ct dc fl ga ia il ks ky md mi mn ms mt nc nd nh nj nm nv ny ri sc sd tn tx ut va vt wa wi wv wy'.split(
      ' ',
    ),
  nameForms: [
    ['p and c', 'property and casualty'],
    ['pc', 'property and casualty'],
    ['ins', 'insurance'],
    ['co', 'company'],
    ['cas', 'casualty'],
    ['mut', 'mutual'],
  ],
  companyKindWords:
    'mutual casualty property and fire indemnity home insurance company companies group holdings assurance reciprocal exchange national farm alliance shield underwriters'.split(
      ' ',
    ),
  stopWords:
    "a an and are as at be by did do does for from had has have how in into is it its many much of on or per since that the their them there these they this those to was were what when which who whom why with during after before between than more less over under above below least most any all each filing filings filed file files anybody anyone somebody someone cited cite cites citing submitted submit submits use used uses using mention mentioned mentioning state states company companies carrier carriers insurer insurers median average mean range rate rates change changes percent number count total show list give me tell about overall insurance year years model models score scores introduced introduce introducing proposed propose what's whats did does still our your i we you can could would should find look looking get got i'm want need type kind big size large how's slightly"
      .split(' ')
      .filter(Boolean),
  wordAlternatives: {
    discount: ['credit'],
    discounts: ['credits'],
    surcharge: ['load', 'relativity'],
    surcharges: ['loads', 'relativities'],
    factor: ['relativity'],
    factors: ['relativities'],
    objected: ['objection'],
  },
  regulatorWords: ['regulator', 'regulators', 'regulatory', 'department', 'doi', 'examiner', 'examiners', 'reviewer'],
};
