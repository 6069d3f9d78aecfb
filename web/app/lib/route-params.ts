import { data } from 'react-router';
import { USERNAME_PATTERN } from '../../../server/src/settings/settings.service.ts';

const username = new RegExp(USERNAME_PATTERN, 'i');
const numericId = /^[1-9][0-9]{0,18}$/;
/** Playlist addresses are /playlist/{id}-{encoded name} (spec §2). */
const playlistSlug = /^[1-9][0-9]{0,18}(-.*)?$/;

/** Spec §2: a URL that fails validation is an unknown page and answers 404. */
export function notFound(): never {
  throw data(null, { status: 404 });
}

export function requireUsername(value: string | undefined): string {
  if (!value || !username.test(value)) notFound();
  return value;
}

export function requireId(value: string | undefined): string {
  if (!value || !numericId.test(value)) notFound();
  return value;
}

/** A post id of the address as a number, or undefined when there is none or it is not an id (no 404). */
export function idOrUndefined(value: string | undefined): number | undefined {
  return value !== undefined && numericId.test(value) && value.length < 16 ? Number(value) : undefined;
}

export function optionalId(value: string | undefined): string | undefined {
  return value === undefined ? undefined : requireId(value);
}

export function requirePlaylist(value: string | undefined): string {
  if (!value || !playlistSlug.test(value)) notFound();
  return value;
}
