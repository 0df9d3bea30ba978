import zipcodes from 'zipcodes';

/**
 * USPS Publication 28 vocabulary (the common part): street suffixes, directionals, secondary
 * unit designators and state names, each mapped to its standard abbreviation.
 */
export const STREET_SUFFIX: Record<string, string> = {
  ALLEY: 'ALY',
  ALY: 'ALY',
  AVENUE: 'AVE',
  AVE: 'AVE',
  AV: 'AVE',
  AVN: 'AVE',
  BEND: 'BND',
  BND: 'BND',
  BOULEVARD: 'BLVD',
  BLVD: 'BLVD',
  BOUL: 'BLVD',
  BYPASS: 'BYP',
  BYP: 'BYP',
  CIRCLE: 'CIR',
  CIR: 'CIR',
  CIRC: 'CIR',
  COURT: 'CT',
  CT: 'CT',
  COVE: 'CV',
  CV: 'CV',
  CREEK: 'CRK',
  CRK: 'CRK',
  CROSSING: 'XING',
  XING: 'XING',
  DRIVE: 'DR',
  DR: 'DR',
  DRV: 'DR',
  EXPRESSWAY: 'EXPY',
  EXPY: 'EXPY',
  FREEWAY: 'FWY',
  FWY: 'FWY',
  HIGHWAY: 'HWY',
  HWY: 'HWY',
  HOLLOW: 'HOLW',
  HOLW: 'HOLW',
  LANE: 'LN',
  LN: 'LN',
  LOOP: 'LOOP',
  PARKWAY: 'PKWY',
  PKWY: 'PKWY',
  PKY: 'PKWY',
  PIKE: 'PIKE',
  PLACE: 'PL',
  PL: 'PL',
  PLAZA: 'PLZ',
  PLZ: 'PLZ',
  POINT: 'PT',
  PT: 'PT',
  ROAD: 'RD',
  RD: 'RD',
  ROUTE: 'RTE',
  RTE: 'RTE',
  RUN: 'RUN',
  SQUARE: 'SQ',
  SQ: 'SQ',
  STREET: 'ST',
  ST: 'ST',
  STR: 'ST',
  TERRACE: 'TER',
  TER: 'TER',
  TRACE: 'TRCE',
  TRCE: 'TRCE',
  TRAIL: 'TRL',
  TRL: 'TRL',
  TURNPIKE: 'TPKE',
  TPKE: 'TPKE',
  WAY: 'WAY',
  WY: 'WAY',
  VIEW: 'VW',
  VW: 'VW',
  WALK: 'WALK',
  PATH: 'PATH',
  ROW: 'ROW',
  COMMONS: 'CMNS',
  CMNS: 'CMNS',
  GLEN: 'GLN',
  GLN: 'GLN',
  HEIGHTS: 'HTS',
  HTS: 'HTS',
};

export const DIRECTIONAL: Record<string, string> = {
  N: 'N',
  NORTH: 'N',
  S: 'S',
  SOUTH: 'S',
  E: 'E',
  EAST: 'E',
  W: 'W',
  WEST: 'W',
  NE: 'NE',
  NORTHEAST: 'NE',
  NW: 'NW',
  NORTHWEST: 'NW',
  SE: 'SE',
  SOUTHEAST: 'SE',
  SW: 'SW',
  SOUTHWEST: 'SW',
};

export const UNIT_DESIGNATOR: Record<string, string> = {
  APT: 'APT',
  APARTMENT: 'APT',
  UNIT: 'UNIT',
  STE: 'STE',
  SUITE: 'STE',
  BLDG: 'BLDG',
  BUILDING: 'BLDG',
  FL: 'FL',
  FLOOR: 'FL',
  RM: 'RM',
  ROOM: 'RM',
  LOT: 'LOT',
  SPC: 'SPC',
  SPACE: 'SPC',
  TRLR: 'TRLR',
  TRAILER: 'TRLR',
  DEPT: 'DEPT',
  PH: 'PH',
  PENTHOUSE: 'PH',
  '#': '#',
};

/** Words in city names written several ways ('St Louis', 'Saint Louis'): compared in full form. */
export const CITY_WORD: Record<string, string> = { ST: 'SAINT', STE: 'SAINTE', FT: 'FORT', MT: 'MOUNT', PT: 'POINT' };

/** State name (upper case) → two-letter code, and the codes themselves. */
export const STATE_CODE: Record<string, string> = (() => {
  const map: Record<string, string> = {};
  for (const [code, name] of Object.entries(zipcodes.states.abbr)) {
    map[code.toUpperCase()] = code.toUpperCase();
    map[String(name).toUpperCase()] = code.toUpperCase();
  }
  return map;
})();

/**
 * For each word that ends a state's name or code ('CAROLINA', 'KS'), the most words such a name
 * has ('NORTH CAROLINA': 2): the parser tries no longer run of final words than that.
 */
export const STATE_NAME_WORDS: Record<string, number> = (() => {
  const words: Record<string, number> = {};
  for (const name of Object.keys(STATE_CODE)) {
    const parts = name.split(' ');
    const last = parts[parts.length - 1]!;
    words[last] = Math.max(words[last] ?? 0, parts.length);
  }
  return words;
})();

let citiesByState: Map<string, Set<string>> | undefined;

/** Known city names (normalised) per state code, from the `zipcodes` package. */
export function knownCities(state: string): Set<string> | undefined {
  if (!citiesByState) {
    citiesByState = new Map();
    for (const code of Object.values(zipcodes.codes)) {
      if (code.country !== 'US') continue;
      const set = citiesByState.get(code.state) ?? new Set<string>();
      set.add(normalizeCity(code.city));
      citiesByState.set(code.state, set);
    }
  }
  return citiesByState.get(state);
}

/** 'St. Louis' → 'SAINT LOUIS'; 'fort  worth' → 'FORT WORTH'. */
export function normalizeCity(city: string): string {
  return city
    .toUpperCase()
    .replace(/[.']/g, '')
    .replace(/[^A-Z0-9 ]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => CITY_WORD[word] ?? word)
    .join(' ');
}
