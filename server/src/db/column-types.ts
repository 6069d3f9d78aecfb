import type { ColumnType } from 'kysely';

/** Column types shared by db/schema.ts and every domain's `*.tables.ts`. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A column with a database default: optional on insert. Keeps a column type's own insert/update types (e.g. Timestamp). */
export type Defaulted<T> = [T] extends [ColumnType<infer S, infer I, infer U>]
  ? ColumnType<S, I | undefined, U>
  : ColumnType<T, T | undefined, T>;
export type DefaultedTime = Defaulted<Timestamp>;
export type Json<T> = ColumnType<T, string | undefined, string>;
