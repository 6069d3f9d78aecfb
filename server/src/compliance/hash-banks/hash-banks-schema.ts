import { type Static, Type } from 'typebox';
import { CaseCategory } from '../../moderation/moderation-schema.ts';

/** Request and answer shapes of the hash-bank routes; the web app imports the answer types. */

export const HashBank = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  source: Type.Union([Type.Literal('internal'), Type.Literal('imported')]),
  category: CaseCategory,
  entries: Type.Integer(),
  createdAt: Type.String(),
});
export type HashBank = Static<typeof HashBank>;

export const HashMatch = Type.Object({
  id: Type.Integer(),
  postId: Type.Integer(),
  bankName: Type.String(),
  entryId: Type.Integer(),
  distance: Type.Integer(),
  caseId: Type.Union([Type.Integer(), Type.Null()]),
  createdAt: Type.String(),
});
export type HashMatch = Static<typeof HashMatch>;

export const HashBanksAnswer = Type.Object({
  statusCode: Type.Literal(2),
  /** The configured PDQ_MATCH_DISTANCE. */
  matchDistance: Type.Integer(),
  banks: Type.Array(HashBank),
  /** The latest matches, newest first. */
  matches: Type.Array(HashMatch),
});
export type HashBanksAnswer = Static<typeof HashBanksAnswer>;

/** Bank names: ASCII letters, digits and `-_. ` (they show in case details and the audit log). */
export const BankName = Type.String({ minLength: 1, maxLength: 80, pattern: '^[A-Za-z0-9][A-Za-z0-9 ._-]*$' });

export const HashImportBody = Type.Object(
  {
    bank: BankName,
    category: CaseCategory,
    /** The list in the common format (hash-list.ts); larger lists are imported in parts. */
    list: Type.String({ minLength: 1, maxLength: 1_000_000 }),
  },
  { additionalProperties: false },
);

export const HashImportAnswer = Type.Object({
  statusCode: Type.Literal(1),
  bank: Type.String(),
  added: Type.Integer(),
  duplicates: Type.Integer(),
  invalidCount: Type.Integer(),
  /** The first invalid lines (number and text), to fix the file. */
  invalid: Type.Array(Type.Object({ line: Type.Integer(), text: Type.String() })),
});
export type HashImportAnswer = Static<typeof HashImportAnswer>;
