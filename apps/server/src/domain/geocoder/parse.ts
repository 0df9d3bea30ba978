import {
  DIRECTIONAL,
  knownCities,
  normalizeCity,
  STATE_CODE,
  STATE_NAME_WORDS,
  STREET_SUFFIX,
  UNIT_DESIGNATOR,
} from './vocabulary.js';

/** The components of a free-text US address, each normalised to USPS abbreviations, upper case. */
export interface ParsedAddress {
  houseNumber?: string;
  predirectional?: string;
  streetName?: string;
  suffix?: string;
  postdirectional?: string;
  unitType?: string;
  unit?: string;
  city?: string;
  state?: string;
  zip?: string;
  zip4?: string;
}

const ZIP_AT_END = /(?:^|[\s,])(\d{5})(?:\s*-\s*(\d{4})|\s(\d{4}))?\s*$/;
const COUNTRY_AT_END = /[\s,]+(USA|U S A|US|UNITED STATES(?: OF AMERICA)?)\s*$/;
const HOUSE_NUMBER = /^\d+[A-Z]?$|^\d+-\d+[A-Z]?$/;
/**
 * Upper-case text the cleaning in parseAddress would leave as it is: words of letters, digits, '/'
 * and '-', one space between them or ', ' (no quote, dot, '#', other character, doubled space or
 * comma at either end). Most addresses of a file are written so: they skip the eight replacements.
 */
const CLEAN = /^[A-Z0-9/-]+(?:,? [A-Z0-9/-]+)*$/;

/**
 * Parses a free-text US address: '123 n main street apt 4 springfield il 62701-1234',
 * '123 Main St., Springfield, Illinois', '#4, 123 Main St' … Commas help but are not needed:
 * without them the city is recognised as the longest run of words that is a known city of the
 * state (real city names from the `zipcodes` package). Pure; never throws.
 */
export function parseAddress(input: string): ParsedAddress {
  const result: ParsedAddress = {};
  const upper = input.toUpperCase();
  let text = CLEAN.test(upper)
    ? upper
    : upper
        .replace(/[\u2018\u2019'`]/g, '')
        .replace(/\./g, ' ')
        .replace(/#\s*/g, ' # ')
        .replace(/[^A-Z0-9#,/\- ]+/g, ' ')
        .replace(/\s*,\s*/g, ', ')
        .replace(/\s+/g, ' ')
        .trim()
        .replace(/^,\s*|,\s*$/g, '');
  text = text.replace(COUNTRY_AT_END, '').trim();

  const lone = /^(\d{5})(?:-(\d{4}))?$/.exec(text);
  if (lone) return lone[2] ? { zip: lone[1], zip4: lone[2] } : { zip: lone[1] };

  const zip = ZIP_AT_END.exec(text);
  if (zip && zip.index > 0) {
    result.zip = zip[1];
    const zip4 = zip[2] ?? zip[3];
    if (zip4) result.zip4 = zip4;
    text = text.slice(0, zip.index).replace(/[\s,]+$/, '');
  }

  // State: a code or a full name (up to 4 words: 'district of columbia') at the end.
  const tail = tokens(text);
  // Longest first, from the most words a state's name ending in the last word has (nearly always 1).
  for (let n = Math.min(4, tail.length - 1, STATE_NAME_WORDS[tail[tail.length - 1] ?? ''] ?? 0); n >= 1; n--) {
    // (Tokens hold neither commas nor spaces.)
    const candidate = tail.slice(-n).join(' ');
    const code = STATE_CODE[candidate];
    if (code && tail.length - n >= 1) {
      result.state = code;
      text = text.slice(0, text.lastIndexOf(tail[tail.length - n]!)).replace(/[\s,]+$/, '');
      break;
    }
  }

  let segments = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  // A segment that is only a unit ('Apt 4') belongs to the street line.
  if (segments.length > 1) {
    const merged: string[] = [];
    for (const segment of segments) {
      if (isUnitSegment(segment) && merged.length) merged[merged.length - 1] += ` ${segment}`;
      else merged.push(segment);
    }
    segments = merged;
  }

  let streetLine: string[];
  if (segments.length >= 2) {
    const startsWithNumber = HOUSE_NUMBER.test(firstWord(segments[0]!));
    if (!startsWithNumber && isUnitSegment(segments[0]!)) {
      // '#4, 123 Main St, City': unit first.
      segments = [`${segments[1]} ${segments[0]}`, ...segments.slice(2)];
    }
    streetLine = tokens(segments[0]!);
    const city = segments.slice(1).join(' ').trim();
    if (city) result.city = normalizeCity(city);
  } else {
    const words = tokens(segments[0] ?? '');
    const cityLength = findCityAtEnd(words, result.state);
    if (cityLength > 0) {
      result.city = normalizeCity(words.slice(-cityLength).join(' '));
      streetLine = words.slice(0, words.length - cityLength);
    } else {
      streetLine = splitStreetFromCity(words, result);
    }
  }

  parseStreetLine(streetLine, result);
  return result;
}

/** Whether a segment of the address is a unit ('APT 4'). */
function isUnitSegment(segment: string): boolean {
  return UNIT_DESIGNATOR[firstWord(segment)] !== undefined;
}

/** The text up to its first space (a chunk parses 10,000 addresses: no array per test). */
function firstWord(text: string): string {
  const space = text.indexOf(' ');
  return space < 0 ? text : text.slice(0, space);
}

function tokens(text: string): string[] {
  return text.split(/[\s,]+/).filter(Boolean);
}

/** Length of the longest run of final words (at most 4, leaving a street before it) naming a known city. */
function findCityAtEnd(words: string[], state: string | undefined): number {
  if (!state) return 0;
  const cities = knownCities(state);
  if (!cities) return 0;
  // After a house number at least a street name must remain; without one the text may be just a city.
  const longest = HOUSE_NUMBER.test(words[0] ?? '') ? words.length - 2 : words.length;
  for (let n = Math.min(4, longest); n >= 1; n--) {
    if (cities.has(normalizeCity(words.slice(-n).join(' ')))) return n;
  }
  return 0;
}

/** Without commas or a known city: the street ends at its last suffix (or unit), the rest is the city. */
function splitStreetFromCity(words: string[], result: ParsedAddress): string[] {
  let end = -1;
  for (let i = 2; i < words.length; i++) {
    if (STREET_SUFFIX[words[i]!]) end = i;
  }
  if (end < 0) return words;
  let streetEnd = end + 1;
  if (streetEnd < words.length && DIRECTIONAL[words[streetEnd]!]) streetEnd++;
  // A unit after the street stays with the street.
  if (streetEnd < words.length && UNIT_DESIGNATOR[words[streetEnd]!] && streetEnd + 1 < words.length) streetEnd += 2;
  const city = words.slice(streetEnd);
  if (city.length) result.city = normalizeCity(city.join(' '));
  return words.slice(0, streetEnd);
}

function parseStreetLine(input: string[], result: ParsedAddress) {
  const words = [...input];
  // Unit: a designator and its identifier, anywhere after the house number ('APT 4', '# 4', 'UNIT B').
  for (let i = 1; i < words.length; i++) {
    const designator = UNIT_DESIGNATOR[words[i]!];
    if (
      designator &&
      i + 1 < words.length &&
      (designator === '#' || /\d/.test(words[i + 1]!) || words[i + 1]!.length <= 2 || i + 2 === words.length)
    ) {
      result.unitType = designator === '#' ? 'UNIT' : designator;
      result.unit = words[i + 1];
      words.splice(i, 2);
      break;
    }
  }
  if (words.length && HOUSE_NUMBER.test(words[0]!)) {
    result.houseNumber = words.shift()!;
    // '123 1/2 Main St'
    if (words[0] && /^\d\/\d$/.test(words[0])) result.houseNumber += ` ${words.shift()}`;
  }
  // From the outside in, each only while a street name remains: '12 North St' is North Street.
  if (words.length >= 2 && DIRECTIONAL[words[words.length - 1]!]) result.postdirectional = DIRECTIONAL[words.pop()!];
  if (words.length >= 2 && STREET_SUFFIX[words[words.length - 1]!]) result.suffix = STREET_SUFFIX[words.pop()!];
  if (words.length >= 2 && DIRECTIONAL[words[0]!]) result.predirectional = DIRECTIONAL[words.shift()!];
  if (words.length) result.streetName = words.join(' ');
}
