import { parseAddress, type ParsedAddress } from './parse.js';

/** An address in the canonical form the world tables store and the matcher compares. */
export interface NormalizedAddress extends ParsedAddress {
  /** 'N MAIN ST': predirectional, name, suffix, postdirectional. */
  streetKey?: string;
  /** '123 N MAIN ST APT 4 SPRINGFIELD IL 62701': what `properties.normalized_address` holds. */
  full: string;
}

export function normalizeAddress(input: string | ParsedAddress): NormalizedAddress {
  const parsed = typeof input === 'string' ? parseAddress(input) : input;
  const streetKey = streetKeyOf(parsed);
  // The parts present, space-separated (a portfolio chunk normalises 10,000 of these: no arrays).
  let full = parsed.houseNumber || '';
  full = joined(full, streetKey);
  if (parsed.unit) full = joined(full, `${parsed.unitType ?? 'UNIT'} ${parsed.unit}`);
  full = joined(joined(joined(full, parsed.city), parsed.state), parsed.zip);
  // A text's parse is this call's own, completed in place; a caller's parse is copied, not changed.
  const normalized = (typeof input === 'string' ? parsed : { ...parsed }) as NormalizedAddress;
  if (streetKey) normalized.streetKey = streetKey;
  normalized.full = full;
  return normalized;
}

/** `text` and `part` with a space between, either alone when the other is empty. */
function joined(text: string, part: string | undefined): string {
  if (!part) return text;
  return text ? `${text} ${part}` : part;
}

export function streetKeyOf(
  parsed: Pick<ParsedAddress, 'predirectional' | 'streetName' | 'suffix' | 'postdirectional'>,
): string | undefined {
  if (!parsed.streetName) return undefined;
  return joined(joined(joined(parsed.predirectional || '', parsed.streetName), parsed.suffix), parsed.postdirectional);
}

/** 'Wheatland Ave', 'Wichita', 'KS', '67203' → '1427 WHEATLAND AVE WICHITA KS 67203' (for stored rows). */
export function normalizedAddressOf(parts: {
  houseNumber: string;
  street: string;
  unit?: string | null;
  city: string;
  state: string;
  zip: string;
}) {
  const parsed = parseAddress(
    `${parts.houseNumber} ${parts.street}${parts.unit ? ` ${parts.unit}` : ''}, ${parts.city}, ${parts.state} ${parts.zip}`,
  );
  return normalizeAddress(parsed);
}

/** Title case for display: 'N MAIN ST' → 'N Main St'. */
export function displayCase(text: string): string {
  return text
    .toLowerCase()
    .replace(/\b([a-z])/g, (c) => c.toUpperCase())
    .replace(/\b(Ne|Nw|Se|Sw)\b/g, (d) => d.toUpperCase());
}
