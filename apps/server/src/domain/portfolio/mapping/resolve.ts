import { RECOGNISED_FIELDS, type ColumnMapping, type ColumnMappingInput, type RecognisedField } from '@zview/contracts';
import { FIELD_LABELS, normaliseHeader, withLayout } from '../columns.js';

/**
 * A person's column mapping (issue 43) turned into the ColumnMapping the ingest reads with: each
 * field named by its column's header text. Pure. The ingest's byte path reads whichever mapping the
 * portfolio stores, so a chosen mapping costs it nothing.
 */
export interface ResolvedMapping {
  mapping: ColumnMapping;
  /** Why the mapping cannot be used as it is; empty when it can. */
  problems: string[];
}

/** The key a file's header is recognised by: its names normalised, in order. */
export function headerKey(header: readonly string[]): string {
  return header.map(normaliseHeader).join('|');
}

export function resolveMapping(header: readonly string[], input: ColumnMappingInput): ResolvedMapping {
  const problems: string[] = [];
  const fields: Partial<Record<RecognisedField, number>> = {};
  const fieldOfColumn = new Map<number, RecognisedField>();
  const normalised = header.map(normaliseHeader);
  for (const field of RECOGNISED_FIELDS) {
    const column = input.fields[field];
    if (column === undefined) continue;
    // The exact name, else the same name spelt differently ("Policy No" for "POLICY_NO"): next quarter's file.
    let index = header.indexOf(column);
    if (index < 0) index = normalised.indexOf(normaliseHeader(column));
    if (index < 0) {
      problems.push(`The file has no column named "${column}" (chosen as ${FIELD_LABELS[field]}).`);
      continue;
    }
    const other = fieldOfColumn.get(index);
    if (other) {
      problems.push(`The column "${column}" is chosen both as ${FIELD_LABELS[other]} and as ${FIELD_LABELS[field]}.`);
      continue;
    }
    fieldOfColumn.set(index, field);
    fields[field] = index;
  }
  const chosenLatitude = fields.latitude !== undefined;
  if (chosenLatitude !== (fields.longitude !== undefined))
    problems.push(chosenLatitude ? 'Choose the longitude column too.' : 'Choose the latitude column too.');
  const mapping = withLayout(header, fields);
  if (!mapping.layout)
    problems.push(
      'Choose the columns that locate each property: a full address, or street with ZIP (or city and state), or latitude and longitude.',
    );
  return { mapping, problems };
}

/** A mapping as field → column name (what the check shows and a saved mapping stores). */
export function mappingInput(mapping: ColumnMapping): ColumnMappingInput {
  const fields: ColumnMappingInput['fields'] = {};
  for (const [field, index] of Object.entries(mapping.fields) as [RecognisedField, number][])
    fields[field] = mapping.header[index]!;
  return { fields };
}
