import Type, { type Static } from 'typebox';
import { consentScopes, performerKinds, performerStates } from '../performers/performers.tables.ts';
import { documentKinds } from '../verification/verification.tables.ts';
import { recordsExportStates } from './records.tables.ts';

/** Request and answer shapes of the records routes (README.md "Routes"); the web app imports the answer types. */

const Id = Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 });
const Time = Type.String({ format: 'date-time' });
const Day = Type.String({ format: 'date' });
const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const searchFields = ['legalName', 'alias', 'post'] as const;

export const RecordsSearchQuery = Type.Object(
  {
    by: Type.Enum(searchFields),
    q: Type.String({ minLength: 1, maxLength: 200 }),
  },
  { additionalProperties: false },
);
export type RecordsSearchQuery = Static<typeof RecordsSearchQuery>;

export const PostIdParams = Type.Object({ id: Id }, { additionalProperties: false });
export type PostIdParams = Static<typeof PostIdParams>;

export const ExportIdParams = Type.Object({ id: Id }, { additionalProperties: false });
export type ExportIdParams = Static<typeof ExportIdParams>;

/** An ID copy on record; `url` opens it through the console's logged document route, null when its submission is gone. */
export const RecordDocument = Type.Object({ kind: Type.Enum(documentKinds), url: Nullable(Type.String()) });

/** One person depicted, as 28 CFR 75.2 asks: legal name, date of birth, every other name used, the ID copy. */
export const PerformerRecord = Type.Object({
  performerId: Type.Integer(),
  kind: Type.Enum(performerKinds),
  state: Type.Enum(performerStates),
  scopes: Type.Array(Type.Enum(consentScopes)),
  /** Consented with a verified identity: what publication waits for. */
  cleared: Type.Boolean(),
  username: Nullable(Type.String()),
  identityId: Nullable(Type.Integer()),
  legalName: Nullable(Type.String()),
  dateOfBirth: Nullable(Day),
  /** Aliases given at verification, the account's username and display name, a guest's name. */
  otherNames: Type.Array(Type.String()),
  verifiedAt: Nullable(Time),
  documents: Type.Array(RecordDocument),
});
export type PerformerRecord = Static<typeof PerformerRecord>;

/** One depiction (post): its performers, production date and every address it is shown at. */
export const DepictionRecord = Type.Object({
  postId: Type.Integer(),
  title: Type.String(),
  owner: Type.String(),
  status: Type.Integer(),
  removed: Type.Boolean(),
  producedOn: Nullable(Day),
  publishedAt: Nullable(Time),
  urls: Type.Array(Type.String()),
  performers: Type.Array(PerformerRecord),
});
export type DepictionRecord = Static<typeof DepictionRecord>;

export const RecordsSearchAnswer = Type.Object({ statusCode: Type.Literal(2), depictions: Type.Array(DepictionRecord) });
export type RecordsSearchAnswer = Static<typeof RecordsSearchAnswer>;

export const DepictionRecordAnswer = Type.Object({ statusCode: Type.Literal(2), depiction: DepictionRecord });
export type DepictionRecordAnswer = Static<typeof DepictionRecordAnswer>;

export const RecordsExportView = Type.Object({
  id: Type.Integer(),
  state: Type.Enum(recordsExportStates),
  requestedBy: Type.String(),
  requestedAt: Time,
  readyAt: Nullable(Time),
  expiresAt: Nullable(Time),
  sizeBytes: Nullable(Type.Integer()),
  rows: Nullable(Type.Integer()),
  documents: Nullable(Type.Integer()),
  /** Only while the archive can be downloaded. */
  downloadUrl: Nullable(Type.String()),
});
export type RecordsExportView = Static<typeof RecordsExportView>;

export const RecordsExportsAnswer = Type.Object({ statusCode: Type.Literal(2), exports: Type.Array(RecordsExportView) });
export type RecordsExportsAnswer = Static<typeof RecordsExportsAnswer>;

export const RecordsExportAnswer = Type.Object({ statusCode: Type.Literal(1), export: RecordsExportView });
export type RecordsExportAnswer = Static<typeof RecordsExportAnswer>;
