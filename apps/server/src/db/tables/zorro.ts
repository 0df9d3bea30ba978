import type { ColumnType, Generated } from 'kysely';

// Data discovery (migration 0700). Dates are read with to_char in db/zorro.ts; written as 'YYYY-MM-DD'.
export interface ZorroFilingsTable {
  id: Generated<number>;
  tracking_number: string;
  state: string;
  company: string;
  naic_group: string;
  naic_code: string | null;
  line: string;
  filing_type: string;
  status: string;
  title: string;
  summary: Generated<string>;
  meta_text: Generated<string>;
  submitted_on: ColumnType<Date, string, string>;
  disposition_on: ColumnType<Date | null, string | null | undefined, string | null>;
  effective_on: ColumnType<Date | null, string | null | undefined, string | null>;
  overall_change: number | null;
  models: Generated<string[]>;
  vendors: Generated<string[]>;
  categories: Generated<string[]>;
  source: Generated<'generated' | 'imported'>;
  sample: Generated<boolean>;
  search: ColumnType<string | null, never, never>;
  search_head: ColumnType<string | null, never, never>;
  created_at: Generated<Date>;
}
export interface ZorroCoveragesTable {
  filing_id: number;
  coverage: string;
  change: number;
}
export interface ZorroObjectionsTable {
  filing_id: number;
  seq: number;
  objected_on: ColumnType<Date | null, string | null | undefined, string | null>;
  objection: string;
  responded_on: ColumnType<Date | null, string | null | undefined, string | null>;
  response: string | null;
}
export interface ZorroDocumentsTable {
  id: Generated<number>;
  filing_id: number;
  seq: number;
  kind: string;
  title: string;
  page_count: Generated<number>;
}
export interface ZorroPagesTable {
  document_id: number;
  page_number: number;
  filing_id: number;
  body: string;
  search: ColumnType<string, never, never>;
}
export interface ZorroConversationsTable {
  id: Generated<number>;
  organization_id: number;
  user_id: string;
  title: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}
export interface ZorroMessagesTable {
  id: Generated<number>;
  conversation_id: number;
  role: 'user' | 'assistant';
  text: string;
  answer: ColumnType<unknown, string | null, string | null>;
  created_at: Generated<Date>;
}

// Data discovery facet cache (migration 0770): counts per query under the corpus generation.
export interface ZorroCorpusTable {
  id: Generated<boolean>;
  generation: Generated<string>;
}
export interface ZorroFacetCacheTable {
  generation: string;
  key: string;
  body: ColumnType<unknown, string, string>;
  created_at: Generated<Date>;
}

export interface ZorroTables {
  zorro_filings: ZorroFilingsTable;
  zorro_coverages: ZorroCoveragesTable;
  zorro_objections: ZorroObjectionsTable;
  zorro_documents: ZorroDocumentsTable;
  zorro_pages: ZorroPagesTable;
  zorro_conversations: ZorroConversationsTable;
  zorro_messages: ZorroMessagesTable;
  zorro_corpus: ZorroCorpusTable;
  zorro_facet_cache: ZorroFacetCacheTable;
}
