import type { ColumnMapping, ColumnMappingInput, SavedMapping, SavedMappingCreate } from '@zview/contracts';
import type { Actor } from '../../../auth/actor.js';
import type { Db } from '../../../db/database.js';
import {
  deleteMapping,
  findMapping,
  findMappingForHeader,
  listMappings,
  upsertMapping,
} from '../../../db/portfolio-mappings.js';
import { badRequest, notFound } from '../../app-error.js';
import { mapColumns, NO_USABLE_COLUMN_MESSAGE } from '../columns.js';
import { headerKey, resolveMapping } from './resolve.js';

/** An organisation's saved column mappings (issue 43): listed, saved, deleted and applied to uploads. */
export const MAPPING_NOT_FOUND = 'This saved column mapping was not found.';

type MappingRow = Awaited<ReturnType<typeof listMappings>>[number];

function present(row: MappingRow): SavedMapping {
  return {
    id: row.id,
    name: row.name,
    header: row.header,
    columnMapping: { fields: row.fields as ColumnMappingInput['fields'] },
    createdAt: row.created_at.toISOString(),
  };
}

export async function savedMappings(db: Db, actor: Actor): Promise<SavedMapping[]> {
  return (await listMappings(db, actor.organization.id)).map(present);
}

export async function saveMapping(db: Db, actor: Actor, input: SavedMappingCreate): Promise<SavedMapping> {
  const { problems } = resolveMapping(input.header, input.columnMapping);
  if (problems.length) throw badRequest(problems.join(' '));
  const row = await upsertMapping(db, {
    organization_id: actor.organization.id,
    name: input.name,
    header: input.header,
    header_key: headerKey(input.header),
    fields: input.columnMapping.fields as Record<string, string>,
    created_by: actor.userId,
  });
  return present(row);
}

export async function removeMapping(db: Db, actor: Actor, id: number): Promise<void> {
  if (!(await deleteMapping(db, actor.organization.id, id))) throw notFound(MAPPING_NOT_FOUND);
}

export interface ChosenMapping {
  mapping: ColumnMapping;
  problems: string[];
  /** The saved mapping it came from, if any. */
  applied: { id: number; name: string } | null;
}

/**
 * The mapping a file is read with: the person's inline mapping, else the saved one they named,
 * else the organisation's newest saved mapping for files with this header, else the detected one.
 * A saved mapping is matched by header names, so its columns are the file's (by name).
 */
export async function chooseMapping(
  db: Db,
  organizationId: number,
  header: readonly string[],
  choice: { columnMapping?: ColumnMappingInput; mappingId?: number },
): Promise<ChosenMapping> {
  if (choice.columnMapping) return { ...resolveMapping(header, choice.columnMapping), applied: null };
  const saved =
    choice.mappingId !== undefined
      ? await findMapping(db, organizationId, choice.mappingId)
      : await findMappingForHeader(db, organizationId, headerKey(header));
  if (choice.mappingId !== undefined && !saved) throw notFound(MAPPING_NOT_FOUND);
  if (saved) {
    const resolved = resolveMapping(header, { fields: saved.fields as ColumnMappingInput['fields'] });
    return { ...resolved, applied: { id: saved.id, name: saved.name } };
  }
  const detected = mapColumns(header);
  return { mapping: detected, problems: detected.layout ? [] : [NO_USABLE_COLUMN_MESSAGE], applied: null };
}
