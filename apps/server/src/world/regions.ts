import zipcodes from 'zipcodes';

/**
 * Where the sample world is placed: the regulatory-set states (SPEC §9: AL, GA, LA, MS, NC, OK,
 * SC), wildfire country in the West (CA, CO, OR) and the Plains hail belt (TX, OK, KS). Cities
 * and ZIP centroids are real (the `zipcodes` package); streets and houses are invented.
 */
export type RegionId = 'southeast' | 'west_wildfire' | 'plains_hail';

export const STATE_REGION: Record<string, RegionId> = {
  AL: 'southeast',
  GA: 'southeast',
  LA: 'southeast',
  MS: 'southeast',
  NC: 'southeast',
  SC: 'southeast',
  OK: 'plains_hail',
  TX: 'plains_hail',
  KS: 'plains_hail',
  CA: 'west_wildfire',
  CO: 'west_wildfire',
  OR: 'west_wildfire',
};

/** Share of generated neighbourhoods per state. */
export const STATE_WEIGHTS: readonly (readonly [string, number])[] = [
  ['AL', 6],
  ['GA', 7],
  ['LA', 7],
  ['MS', 6],
  ['NC', 7],
  ['SC', 6],
  ['OK', 8],
  ['TX', 12],
  ['KS', 8],
  ['CA', 14],
  ['CO', 10],
  ['OR', 9],
];

export interface ZipInfo {
  zip: string;
  city: string;
  state: string;
  lat: number;
  lng: number;
}

let zipsByState: Map<string, ZipInfo[]> | undefined;

/** Real ZIP codes of a state (sorted, so the generator is stable across runs). */
export function zipsOf(state: string): ZipInfo[] {
  if (!zipsByState) {
    zipsByState = new Map();
    for (const code of Object.values(zipcodes.codes)) {
      if (code.country !== 'US' || !code.latitude || !code.longitude || !/^\d{5}$/.test(code.zip)) continue;
      if (!STATE_REGION[code.state]) continue;
      const list = zipsByState.get(code.state) ?? [];
      list.push({ zip: code.zip, city: code.city, state: code.state, lat: code.latitude, lng: code.longitude });
      zipsByState.set(code.state, list);
    }
    for (const list of zipsByState.values()) list.sort((a, b) => a.zip.localeCompare(b.zip));
  }
  return zipsByState.get(state) ?? [];
}

export function zipInfo(zip: string): ZipInfo {
  const code = zipcodes.lookup(zip);
  if (!code) throw new Error(`Unknown ZIP ${zip}`);
  return { zip: code.zip, city: code.city, state: code.state, lat: code.latitude, lng: code.longitude };
}

export const STREET_NAMES = [
  'Main',
  'Oak',
  'Maple',
  'Cedar',
  'Pine',
  'Elm',
  'Walnut',
  'Willow',
  'Hickory',
  'Magnolia',
  'Dogwood',
  'Pecan',
  'Cypress',
  'Sycamore',
  'Poplar',
  'Birch',
  'Aspen',
  'Juniper',
  'Laurel',
  'Holly',
  'Chestnut',
  'Cottonwood',
  'Mesquite',
  'Sage',
  'Palmetto',
  'Live Oak',
  'Redbud',
  'Spruce',
  'Alder',
  'Madrone',
  'Manzanita',
  'Ponderosa',
  'Washington',
  'Lincoln',
  'Jefferson',
  'Madison',
  'Monroe',
  'Jackson',
  'Franklin',
  'Adams',
  'Grant',
  'Lee',
  'Park',
  'Lake',
  'Hill',
  'River',
  'Spring',
  'Meadow',
  'Ridge',
  'Valley',
  'Forest',
  'Prairie',
  'Canyon',
  'Mesa',
  'Sunset',
  'Sunrise',
  'Highland',
  'Lakeview',
  'Fairview',
  'Pleasant',
  'Church',
  'Mill',
  'School',
  'Bridge',
  'Harbor',
  'Bay',
  'Shore',
  'Marsh',
  'Bayou',
  'Creek',
  'Brook',
  'Pond',
  'Falls',
  'Summit',
  'Vista',
  'Crest',
  'Wheatland',
  'Harvest',
  'Windmill',
  'Pioneer',
  'Frontier',
  'Ranch',
  'Saddle',
  'Stagecoach',
  'Cimarron',
  'Peachtree',
  'Azalea',
  'Camellia',
  'Jasmine',
  'Gardenia',
  'Wisteria',
  'Bluebonnet',
  'Sunflower',
  'Columbine',
  'Evergreen',
  'Timber',
  'Stone',
  'Granite',
  'Quarry',
  'Copper',
  'Silver',
  'Golden',
  'Eagle',
  'Hawk',
  'Falcon',
  'Heron',
  'Pelican',
  'Cardinal',
  'Mockingbird',
  'Bluebird',
  'Quail',
  'Deer',
  'Fox',
  'Bear',
  'Elk',
  'Bison',
  'Country Club',
  'College',
  'Academy',
  'Market',
  'Commerce',
  'Depot',
  'Railroad',
  'Cotton',
  'Tobacco',
  'Rice',
  'Chisholm',
  'Santa Fe',
  'Kings',
  'Queens',
  'Windsor',
  'Oxford',
  'Cambridge',
  'Hampton',
  'Chester',
  'Dover',
];

/** USPS street suffix abbreviations used by the generator (with their weight). */
export const STREET_SUFFIXES: readonly (readonly [string, number])[] = [
  ['St', 10],
  ['Ave', 9],
  ['Dr', 9],
  ['Ln', 6],
  ['Rd', 7],
  ['Ct', 4],
  ['Way', 4],
  ['Blvd', 2],
  ['Pl', 3],
  ['Cir', 3],
  ['Trl', 2],
  ['Pkwy', 1],
  ['Loop', 1],
  ['Ter', 1],
];

export const PREDIRECTIONALS = ['N', 'S', 'E', 'W'] as const;

export const IMAGERY_PROVIDERS = ['Z-VIEW Aerial', 'Skyline Survey', 'Meridian Imaging'] as const;

/**
 * Fixed "landmark" properties that exist in every generated world, whatever the seed: one or
 * more per hazard region. README.md lists them; tests resolve them exactly.
 */
export interface Landmark {
  houseNumber: number;
  /** Street as written, e.g. 'Wheatland Ave'. */
  street: string;
  zip: string;
  hazard: 'hail' | 'wind' | 'wildfire' | 'flood' | 'storm';
  /** Weather event kinds the landmark's neighbourhood always gets (for before/after imagery). */
  events: readonly ('hail' | 'wind' | 'wildfire' | 'flood')[];
}

export const LANDMARKS: readonly Landmark[] = [
  { houseNumber: 1427, street: 'Wheatland Ave', zip: '67203', hazard: 'hail', events: ['hail'] },
  { houseNumber: 3300, street: 'Mesquite Ln', zip: '79106', hazard: 'hail', events: ['hail'] },
  { houseNumber: 830, street: 'Cimarron Dr', zip: '73120', hazard: 'storm', events: ['hail', 'wind'] },
  { houseNumber: 5120, street: 'Ridgecrest Dr', zip: '95969', hazard: 'wildfire', events: ['wildfire'] },
  { houseNumber: 742, street: 'Foothill Rd', zip: '80302', hazard: 'wildfire', events: ['wildfire', 'hail'] },
  { houseNumber: 1875, street: 'Cedar Butte Rd', zip: '97701', hazard: 'wildfire', events: ['wildfire'] },
  { houseNumber: 310, street: 'Seawall Blvd', zip: '39501', hazard: 'wind', events: ['wind', 'flood'] },
  { houseNumber: 905, street: 'Magnolia Ave', zip: '36604', hazard: 'wind', events: ['wind'] },
  { houseNumber: 58, street: 'Palmetto St', zip: '29401', hazard: 'wind', events: ['wind', 'flood'] },
  { houseNumber: 1200, street: 'Harbor Dr', zip: '28401', hazard: 'wind', events: ['wind'] },
  { houseNumber: 2210, street: 'River Rd', zip: '70802', hazard: 'flood', events: ['flood'] },
  { houseNumber: 1600, street: 'Peachtree St', zip: '30309', hazard: 'storm', events: ['wind'] },
];
