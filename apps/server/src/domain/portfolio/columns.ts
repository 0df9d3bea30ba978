/**
 * Recognises the columns of an uploaded portfolio file and reads each row into a location.
 * Pure: no I/O. Header names are compared case-insensitively with spaces, underscores and
 * punctuation ignored, so "Postal Code", "postal_code" and "PostalCode" are the same column.
 *
 * Layouts recognised:
 *  - one address column ("Address", "Full Address", "Property Address"…);
 *  - street / city / state / zip columns;
 *  - latitude / longitude columns;
 *  - the Open Exposure Data (OED) location file (LocNumber, StreetAddress, City, AreaCode,
 *    PostalCode, CountryCode, Latitude, Longitude, BuildingTIV, OccupancyCode…).
 * Every other column is kept as it is and carried to the export.
 */
import {
  ATTRIBUTE_FIELDS,
  type AttributeField,
  type ColumnMapping,
  type PortfolioLayout,
  type RecognisedField,
} from '@zview/contracts';
import type { PortfolioRowsTable } from '../../db/schema.js';

export {
  ATTRIBUTE_FIELDS,
  LOCATION_FIELDS,
  type AttributeField,
  type ColumnMapping,
  type LocationField,
  type RecognisedField,
} from '@zview/contracts';

/** Normalised header name → field. Order within a field's list is the order of preference. */
const SYNONYMS: Record<RecognisedField, string[]> = {
  id: [
    'locnumber',
    'id',
    'propertyid',
    'locationid',
    'locid',
    'policyid',
    // Issues 43 and 45: the id columns insurers' files use (policy, account and location numbers).
    'policyno',
    'policynumber',
    'policynum',
    'policy',
    'accnumber',
    'accountnumber',
    'accountno',
    'locationnumber',
    'locationno',
    'locno',
    'recordid',
    'externalid',
    'reference',
    'ref',
    'refid',
    'uniqueid',
    'key',
  ],
  address: [
    'address',
    'fulladdress',
    'propertyaddress',
    'siteaddress',
    'locationaddress',
    'singlelineaddress',
    'location',
  ],
  street: ['streetaddress', 'street', 'address1', 'addressline1', 'addr1', 'streetline1', 'street1'],
  city: ['city', 'town', 'locality', 'municipality', 'cityname'],
  state: ['state', 'statecode', 'st', 'province', 'areacode', 'region', 'stateabbreviation'],
  zip: ['zip', 'zipcode', 'zip5', 'postalcode', 'postcode', 'postal', 'zippostalcode'],
  country: ['countrycode', 'country', 'countryiso'],
  latitude: ['latitude', 'lat', 'y', 'geolatitude'],
  longitude: ['longitude', 'lon', 'lng', 'long', 'x', 'geolongitude'],
  buildingTiv: [
    'buildingtiv',
    'tiv',
    'totalinsuredvalue',
    'buildingvalue',
    'insuredvalue',
    'suminsured',
    'buildinglimit',
    'replacementcost',
    'replacementvalue',
  ],
  contentsTiv: ['contentstiv', 'contentsvalue'],
  biTiv: ['bitiv', 'businessinterruptiontiv'],
  otherTiv: ['othertiv'],
  occupancyCode: ['occupancycode', 'occupancy'],
  constructionCode: ['constructioncode', 'construction', 'constructiontype'],
  yearBuilt: ['yearbuilt', 'builtyear', 'yearofconstruction'],
  roofCover: ['roofcover', 'roofcovering', 'rooftype', 'roofmaterial'],
  numberOfStoreys: ['numberofstoreys', 'numberofstories', 'stories', 'storeys', 'floors'],
  floorArea: ['floorarea', 'squarefeet', 'sqft', 'buildingarea'],
};

/** OED location-file columns; three or more of them (with LocNumber) mark the OED layout. */
const OED_COLUMNS = new Set([
  'locnumber',
  'accnumber',
  'portnumber',
  'streetaddress',
  'city',
  'areacode',
  'postalcode',
  'countrycode',
  'latitude',
  'longitude',
  'buildingtiv',
  'occupancycode',
  'constructioncode',
  'yearbuilt',
  'roofcover',
  'locperilscovered',
  'locuserdef1',
  'numberofstoreys',
  'floorarea',
  'contentstiv',
  'bitiv',
  'othertiv',
  'loccurrency',
]);

/** Plain-language names used when telling the user what was recognised. */
export const FIELD_LABELS: Record<RecognisedField, string> = {
  id: 'your own property id',
  address: 'full address',
  street: 'street address',
  city: 'city',
  state: 'state',
  zip: 'ZIP / postal code',
  country: 'country',
  latitude: 'latitude',
  longitude: 'longitude',
  buildingTiv: 'building insured value',
  occupancyCode: 'occupancy code',
  constructionCode: 'construction code',
  yearBuilt: 'year built',
  roofCover: 'roof cover',
  numberOfStoreys: 'number of storeys',
  floorArea: 'floor area',
  contentsTiv: 'contents insured value',
  biTiv: 'business interruption insured value',
  otherTiv: 'other insured value',
};

export function normaliseHeader(name: string): string {
  return name
    .replace(/^\uFEFF/, '')
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

export function mapColumns(header: readonly string[]): ColumnMapping {
  const normalised = header.map(normaliseHeader);
  const fields: Partial<Record<RecognisedField, number>> = {};
  const taken = new Set<number>();
  // Pick, for each field, the first column whose name matches the most preferred synonym.
  for (const field of Object.keys(SYNONYMS) as RecognisedField[]) {
    for (const synonym of SYNONYMS[field]) {
      const index = normalised.findIndex((name, i) => name === synonym && !taken.has(i));
      if (index >= 0) {
        fields[field] = index;
        taken.add(index);
        break;
      }
    }
  }
  return withLayout(header, fields);
}

/**
 * A mapping of `header` with these fields, its layout worked out (the detected mapping's rules, and
 * a person's own mapping's, issue 43). `fields` is changed in place.
 */
export function withLayout(header: readonly string[], fields: Partial<Record<RecognisedField, number>>): ColumnMapping {
  const normalised = header.map(normaliseHeader);
  // "Address" next to city/state/zip columns is the street line, not a full address.
  if (
    fields.address !== undefined &&
    fields.street === undefined &&
    (fields.city !== undefined || fields.zip !== undefined)
  ) {
    fields.street = fields.address;
    delete fields.address;
  }
  // A lone "x"/"y" pair only counts as coordinates when both are present.
  if ((fields.latitude === undefined) !== (fields.longitude === undefined)) {
    delete fields.latitude;
    delete fields.longitude;
  }
  const oedCount = normalised.filter((name) => OED_COLUMNS.has(name)).length;
  const hasStreetLayout =
    fields.street !== undefined &&
    (fields.zip !== undefined || (fields.city !== undefined && fields.state !== undefined));
  let layout: PortfolioLayout | null = null;
  const hasCoordinates = fields.latitude !== undefined && fields.longitude !== undefined;
  if (
    normalised.includes('locnumber') &&
    oedCount >= 3 &&
    (hasStreetLayout || hasCoordinates || fields.zip !== undefined)
  )
    layout = 'oed';
  else if (fields.address !== undefined) layout = 'address';
  else if (hasStreetLayout) layout = 'street_city_state_zip';
  else if (hasCoordinates) layout = 'coordinates';
  const used = new Set(Object.values(fields));
  const unknownColumns = header.map((_, i) => i).filter((i) => !used.has(i));
  return { header: [...header], fields, unknownColumns, layout };
}

/**
 * One data row read through the mapping: the location columns of portfolio_rows (the table it is
 * staged into), with the recognised building attributes.
 */
export type LocationRow = Pick<
  PortfolioRowsTable,
  'ref' | 'address' | 'street' | 'city' | 'state' | 'zip' | 'country' | 'latitude' | 'longitude' | 'problem'
> & {
  attributes: Partial<Record<AttributeField, string>>;
};

/**
 * A row as readRow reads it: its location, and its coordinates' text when the file wrote them as
 * plain decimals (DECIMAL_TEXT), which PostgreSQL reads as the same doubles: an ingest stores the
 * text it read rather than formatting each number again.
 */
/** A row's address as one line: its own text, else its parts ('street, city, state zip'), the empty ones left out (what the geocoder reads). */
export function addressLine(row: Pick<LocationRow, 'address' | 'street' | 'city' | 'state' | 'zip'>): string {
  if (row.address) return row.address;
  // A chunk writes 10,000 of these: no arrays per row.
  const stateZip = row.state && row.zip ? `${row.state} ${row.zip}` : row.state || row.zip || '';
  let text = row.street || '';
  if (row.city) text = text ? `${text}, ${row.city}` : row.city;
  if (stateZip) text = text ? `${text}, ${stateZip}` : stateZip;
  return text;
}

export type ReadRow = LocationRow & { latitudeText: string | null; longitudeText: string | null };

function cell(values: readonly string[], index: number | undefined): string | null {
  if (index === undefined) return null;
  const value = values[index]?.trim();
  return value ? value : null;
}

/**
 * A coordinate written as a plain decimal: read by Number() as it is, and by PostgreSQL's float8
 * input as the same double (both round correctly), so an ingest can store the text it read.
 */
export const DECIMAL_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/** Exact powers of ten, as doubles (every one up to 10^22 is). */
const POWERS_OF_TEN = Array.from({ length: 16 }, (_, k) => 10 ** k);

/**
 * The number a plain decimal (DECIMAL_TEXT) reads as, NaN for any other text: the pattern and
 * Number() in one scan of the characters (an ingest asks it of two values a row, where a regular
 * expression's call and Number()'s own scan cost more than the digits). Up to 15 digits, the
 * digits as an integer and the power of ten are exact doubles and one division rounds correctly,
 * so the answer is Number()'s (Clinger's fast path); longer texts are left to Number().
 */
export function decimalTextValue(text: string): number {
  const length = text.length;
  let i = 0;
  const sign = text.charCodeAt(0);
  if (sign === 43 || sign === 45) i = 1; // + -
  let digits = 0;
  let fractionDigits = 0;
  let point = false;
  let integer = 0;
  for (; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      integer = integer * 10 + (c - 48);
      digits += 1;
      if (point) fractionDigits += 1;
    } else if (c === 46 && !point) point = true;
    else return NaN;
  }
  if (digits === 0) return NaN;
  if (digits > 15) return Number(text);
  const value = integer / POWERS_OF_TEN[fractionDigits]!;
  return sign === 45 ? -value : value;
}

/**
 * decimalTextValue of the ASCII text `bytes[start, end)`, read from the bytes (the ingest's plain
 * rows, ingest-plain-rows.ts: no string made for the two coordinates of every row). The same scan
 * and arithmetic; longer texts go to decimalTextValue.
 */
export function decimalBytesValue(bytes: Uint8Array, start: number, end: number): number {
  let i = start;
  const sign = bytes[start];
  if (sign === 43 || sign === 45) i += 1; // + -
  let digits = 0;
  let fractionDigits = 0;
  let point = false;
  let integer = 0;
  for (; i < end; i++) {
    const c = bytes[i]!;
    if (c >= 48 && c <= 57) {
      integer = integer * 10 + (c - 48);
      digits += 1;
      if (point) fractionDigits += 1;
    } else if (c === 46 && !point) point = true;
    else return NaN;
  }
  if (digits === 0) return NaN;
  if (digits > 15)
    return decimalTextValue(Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start).toString('latin1'));
  const value = integer / POWERS_OF_TEN[fractionDigits]!;
  return sign === 45 ? -value : value;
}

/** DECIMAL_TEXT.test(text), by decimalTextValue's scan. */
export function isDecimalText(text: string): boolean {
  return !Number.isNaN(decimalTextValue(text));
}

function parseCoordinate(raw: string | null): number | null | 'invalid' {
  if (raw === null) return null;
  const value = decimalTextValue(raw);
  if (!Number.isNaN(value)) return value;
  // A decimal comma ("37,69"), as semicolon-delimited files from European spreadsheets write it (issue 12).
  return /^[+-]?\d+,\d+$/.test(raw) ? Number(raw.replace(',', '.')) : 'invalid';
}

/** Said of a row outside the area Z-VIEW covers (issue 12), rather than "We could not find this address." */
export const OUTSIDE_COVERAGE = 'This location is outside our coverage: Z-VIEW covers properties in the United States.';
const US_COUNTRY = /^(us|usa|u\.s\.|u\.s\.a\.|united states|united states of america)$/i;
/** The United States and its territories, as west/south/east/north boxes: contiguous states, Alaska, Hawaii, Puerto Rico and the Virgin Islands. */
const US_BOXES: [number, number, number, number][] = [
  [-125.0, 24.3, -66.8, 49.5],
  [-179.3, 51.0, -129.9, 71.5],
  [-160.6, 18.8, -154.7, 22.4],
  [-67.4, 17.6, -64.5, 18.6],
];
export function insideCoverage(lat: number, lon: number): boolean {
  // A loop, not some() with a closure: this runs for every row of an ingest.
  for (const [w, s, e, n] of US_BOXES) if (lon >= w && lon <= e && lat >= s && lat <= n) return true;
  return false;
}

function allBlank(values: readonly string[]): boolean {
  for (const value of values) {
    // A value that starts with a printable ASCII character is not blank: no trim needed.
    const first = value.charCodeAt(0);
    if ((first > 32 && first < 127) || value.trim() !== '') return false;
  }
  return true;
}

const attributeColumnsOf = new WeakMap<ColumnMapping, [AttributeField, number][]>();

/** The mapping's attribute fields with their columns (remembered per mapping: readRow runs for every row of an ingest). */
export function attributeColumns(mapping: ColumnMapping): [AttributeField, number][] {
  let columns = attributeColumnsOf.get(mapping);
  if (!columns) {
    columns = ATTRIBUTE_FIELDS.flatMap((field) => {
      const index = mapping.fields[field];
      return index === undefined ? [] : [[field, index] as [AttributeField, number]];
    });
    attributeColumnsOf.set(mapping, columns);
  }
  return columns;
}

export function readRow(mapping: ColumnMapping, values: readonly string[]): ReadRow {
  const f = mapping.fields;
  const row: ReadRow = {
    ref: cell(values, f.id),
    address: cell(values, f.address),
    street: cell(values, f.street),
    city: cell(values, f.city),
    state: cell(values, f.state),
    zip: cell(values, f.zip),
    country: cell(values, f.country),
    latitude: null,
    longitude: null,
    attributes: {},
    problem: null,
    latitudeText: null,
    longitudeText: null,
  };
  for (const [field, index] of attributeColumns(mapping)) {
    const value = cell(values, index);
    if (value !== null) row.attributes[field] = value;
  }
  if (allBlank(values)) {
    row.problem = 'This row is empty.';
    return row;
  }
  const latRaw = cell(values, f.latitude);
  const lonRaw = cell(values, f.longitude);
  const lat = parseCoordinate(latRaw);
  const lon = parseCoordinate(lonRaw);
  const hasAddress =
    row.address !== null || (row.street !== null && (row.zip !== null || (row.city !== null && row.state !== null)));
  let coordinateProblem: string | null = null;
  if (lat === 'invalid') coordinateProblem = `The latitude "${latRaw}" is not a number.`;
  else if (lon === 'invalid') coordinateProblem = `The longitude "${lonRaw}" is not a number.`;
  else if (lat !== null && (lat < -90 || lat > 90))
    coordinateProblem = `The latitude ${lat} is outside the range -90 to 90.`;
  else if (lon !== null && (lon < -180 || lon > 180))
    coordinateProblem = `The longitude ${lon} is outside the range -180 to 180.`;
  else if ((lat === null) !== (lon === null))
    coordinateProblem = lat === null ? 'The latitude is missing.' : 'The longitude is missing.';
  else if (lat !== null && lon !== null) {
    row.latitude = lat;
    row.longitude = lon;
    // Read as plain decimals unless written with a decimal comma (the only other way parseCoordinate reads).
    row.latitudeText = latRaw!.includes(',') ? null : latRaw;
    row.longitudeText = lonRaw!.includes(',') ? null : lonRaw;
  }
  if (
    (row.country !== null && !US_COUNTRY.test(row.country)) ||
    (row.latitude !== null && row.longitude !== null && !insideCoverage(row.latitude, row.longitude))
  ) {
    row.latitude = null;
    row.longitude = null;
    row.problem = OUTSIDE_COVERAGE;
    return row;
  }
  if (row.latitude !== null || hasAddress) return row;
  if (coordinateProblem) row.problem = coordinateProblem;
  else if (row.street !== null) row.problem = 'The street address needs a ZIP code, or a city and a state.';
  else row.problem = 'This row has no address and no coordinates.';
  return row;
}

/** The message for a file none of whose columns can locate a property. */
export const NO_USABLE_COLUMN_MESSAGE =
  'We could not find an address or coordinates in this file. Include a column named Address, or columns named Street, City, State and Zip, or columns named Latitude and Longitude.';

/** Describes a mapping in a sentence or two for the upload check. */
export function describeMapping(mapping: ColumnMapping): string {
  if (!mapping.layout) return NO_USABLE_COLUMN_MESSAGE;
  const layoutText: Record<PortfolioLayout, string> = {
    oed: 'This is an Open Exposure Data (OED) location file.',
    address: 'Each row has a full address in one column.',
    street_city_state_zip: 'Each row has its address split into street, city, state and ZIP columns.',
    coordinates: 'Each row is located by latitude and longitude.',
  };
  const parts = [layoutText[mapping.layout]];
  const recognised = (Object.keys(mapping.fields) as RecognisedField[]).map(
    (field) => `"${mapping.header[mapping.fields[field]!]}" as ${FIELD_LABELS[field]}`,
  );
  parts.push(`We read ${recognised.join(', ')}.`);
  if (mapping.unknownColumns.length) {
    const names = mapping.unknownColumns.map((i) => `"${mapping.header[i]}"`).join(', ');
    parts.push(`Other columns (${names}) are kept as they are and included in the export.`);
  }
  return parts.join(' ');
}
