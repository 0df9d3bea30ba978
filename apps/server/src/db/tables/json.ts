import type { ColumnType } from 'kysely';

/** A jsonb column: read as T, written as its JSON text. */
export type Json<T> = ColumnType<T, string, string>;
