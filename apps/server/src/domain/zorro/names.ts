import type { Db } from '../../db/database.js';
import { facetColumns, type FacetColumns } from '../../db/zorro-facet-index.js';
import type { CorpusNames } from './understand.js';

const byColumns = new WeakMap<FacetColumns, CorpusNames>();

/** The corpus's company, group and model names (from the facet columns, kept per corpus generation). */
export async function corpusNames(db: Db): Promise<CorpusNames> {
  const columns = await facetColumns(db);
  let names = byColumns.get(columns);
  if (!names) {
    names = { companies: columns.values.company, groups: columns.values.group, models: columns.values.model };
    byColumns.set(columns, names);
  }
  return names;
}
