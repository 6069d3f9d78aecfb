import Type, { type Static, type TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { ViewSourceFields } from '../analytics/view-source.ts';
import { WatchProgressBody } from '../analytics/watch-progress.service.ts';
import { nulAt } from '../http/input-guards.ts';
import { SHARE_PLATFORMS } from '../posts/engagement.service.ts';
import { notificationTypes } from './events.ts';

/** Spec §7: what a browser sends over /ws/, each as `{event, data}`. Payloads the spec does not show are ours. */
const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const TagName = Type.String({ minLength: 1, maxLength: 64 });
const strict = { additionalProperties: false } as const;

export const clientEvents = {
  /**
   * The post now on screen (null: none); the socket receives its live counters while it stays. `page` and
   * `referrer` say where the view comes from (analytics/view-source.ts).
   */
  viewingPost: Type.Object({ id: Type.Union([Id, Type.Null()]), ...ViewSourceFields }, strict),
  /** The post was watched to the end. */
  viewedPost: Type.Object({ id: Id, ...ViewSourceFields }, strict),
  /** Watch time of the post's player since its last report, batched (analytics/watch-progress.service.ts). */
  watchProgress: Type.Object({ id: Id, ...WatchProgressBody.properties }, strict),
  readNotif: Type.Object({ type: Type.Union(notificationTypes.map((type) => Type.Literal(type))) }, strict),
  hitPlaylist: Type.Object({ id: Id }, strict),
  hitTag: Type.Object({ tag: TagName }, strict),
  hitUser: Type.Object({ id: Id }, strict),
  /** Re-authenticates the open socket with a fresh access token (none: anonymous). */
  reconnect: Type.Object({ token: Type.Optional(Type.String({ minLength: 1, maxLength: 4096 })) }, strict),
  /** From an e-mailed link's `email_id` and `action` parameters. */
  emailAction: Type.Object(
    {
      emailUUID: Type.String({ minLength: 16, maxLength: 256, pattern: '^[A-Za-z0-9_-]+$' }),
      action: Type.Literal('verify-email'),
    },
    strict,
  ),
  visChange: Type.Object({ hidden: Type.Boolean() }, strict),
  shareProfile: Type.Object({ id: Id }, strict),
  shareTag: Type.Object({ tag: TagName, lgbt: Type.Integer({ minimum: 0, maximum: 3 }) }, strict),
  sharePlaylist: Type.Object({ id: Id }, strict),
  /** `platform`: where it was shared (the share sheet's channel); none counts as a copied link. */
  sharePost: Type.Object({ id: Id, platform: Type.Optional(Type.Enum(SHARE_PLATFORMS)) }, strict),
} satisfies Record<string, TSchema>;

export type ClientEventName = keyof typeof clientEvents;
export type ClientMessage = { [N in ClientEventName]: { event: N; data: Static<(typeof clientEvents)[N]> } }[ClientEventName];

const envelope = Compile(Type.Object({ event: Type.String({ maxLength: 32 }), data: Type.Optional(Type.Unknown()) }, strict));
const validators = Object.fromEntries(
  Object.entries(clientEvents).map(([name, schema]) => [name, Compile(schema as TSchema)]),
) as unknown as Record<ClientEventName, { Check(value: unknown): boolean }>;

/** Parses one text frame; undefined when it is not JSON, names no known event, or its data fails the schema. */
export function parseClientMessage(text: string): ClientMessage | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!envelope.Check(value)) return undefined;
  const { event, data = {} } = value as { event: string; data?: unknown };
  if (!Object.hasOwn(validators, event)) return undefined;
  // PostgreSQL text cannot hold U+0000 (http/input-guards.ts refuses it in HTTP input the same way).
  if (nulAt(data, 'data')) return undefined;
  return validators[event as ClientEventName].Check(data) ? ({ event, data } as ClientMessage) : undefined;
}
