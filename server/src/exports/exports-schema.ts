import Type, { type Static } from 'typebox';
import { exportStates } from './exports.tables.ts';

/** Request and answer shapes of the export routes; the web app imports the answer types. */

export const ExportIdParams = Type.Object(
  { id: Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 }) },
  { additionalProperties: false },
);
export type ExportIdParams = Static<typeof ExportIdParams>;

const Time = Type.String({ format: 'date-time' });
const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * One export as its owner sees it. `state` is the stored one, except that a ready archive past its expiry
 * reads `expired` even before the hourly job has deleted it.
 */
export const ExportView = Type.Object({
  id: Type.Integer(),
  state: Type.Enum(exportStates),
  requestedAt: Time,
  readyAt: Nullable(Time),
  expiresAt: Nullable(Time),
  sizeBytes: Nullable(Type.Integer()),
  /** Only while the archive can be downloaded. */
  downloadUrl: Nullable(Type.String()),
});
export type ExportView = Static<typeof ExportView>;

/** GET /api/studio/export: the newest export, and whether and when another may be asked for. */
export const ExportStandingAnswer = Type.Object({
  statusCode: Type.Literal(2),
  export: Nullable(ExportView),
  canRequest: Type.Boolean(),
  /** While the cooling-off time after the last request runs: when it ends. */
  nextRequestAt: Nullable(Time),
});
export type ExportStandingAnswer = Static<typeof ExportStandingAnswer>;

/** POST /api/studio/export: the request just made. */
export const ExportRequestAnswer = Type.Object({ statusCode: Type.Literal(1), export: ExportView });
export type ExportRequestAnswer = Static<typeof ExportRequestAnswer>;
