import type { MessageKey } from '../../i18n/translate';
import type { ManifestAnswer, ManifestBody, ManifestPerformer } from './performers-api';

/** One person in the manifest being edited; `saved` is the server's row once the manifest was stored. */
export type DraftPerformer =
  | { readonly kind: 'self'; readonly saved?: ManifestPerformer }
  | { readonly kind: 'account'; readonly username: string; readonly saved?: ManifestPerformer }
  | { readonly kind: 'guest'; readonly name: string; readonly email: string; readonly saved?: ManifestPerformer };

export interface ManifestDraft {
  /** YYYY-MM-DD, the day the content was produced. */
  readonly producedOn: string;
  readonly performers: readonly DraftPerformer[];
}

/** Today in the browser's calendar, as the date input writes it. */
export function localDay(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A new post's manifest: only its creator, produced today. */
export function onlyMe(now: Date): ManifestDraft {
  return { producedOn: localDay(now), performers: [{ kind: 'self' }] };
}

/** The stored manifest as a draft; a post without one starts as "only me". */
export function draftOf(answer: ManifestAnswer, now: Date): ManifestDraft {
  if (answer.performers.length === 0) return { ...onlyMe(now), producedOn: answer.producedOn ?? localDay(now) };
  return {
    producedOn: answer.producedOn ?? localDay(now),
    performers: answer.performers.map((saved): DraftPerformer => {
      if (saved.kind === 'guest') return { kind: 'guest', name: saved.guestName ?? '', email: saved.guestEmail ?? '', saved };
      if (saved.kind === 'account') return { kind: 'account', username: saved.username ?? '', saved };
      return { kind: 'self', saved };
    }),
  };
}

/** Usernames compare as the server compares them (spec §5: case-insensitive). */
export function normaliseUsername(text: string): string {
  return text.trim().replace(/^@/, '').toLowerCase();
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Whether this person is listed already: the same account, or a guest with the same address. */
export function isListed(draft: ManifestDraft, person: DraftPerformer): boolean {
  return draft.performers.some((listed) => {
    if (listed.kind === 'self' || person.kind === 'self') return listed.kind === person.kind;
    if (listed.kind === 'account' && person.kind === 'account') return listed.username === person.username;
    if (listed.kind === 'guest' && person.kind === 'guest') return sameAddress(listed.email, person.email);
    return false;
  });
}

export function addPerformer(draft: ManifestDraft, person: DraftPerformer): ManifestDraft {
  return isListed(draft, person) ? draft : { ...draft, performers: [...draft.performers, person] };
}

export function removePerformer(draft: ManifestDraft, index: number): ManifestDraft {
  return { ...draft, performers: draft.performers.filter((_, at) => at !== index) };
}

/** Only the creator appears: the default, which asks nobody anything. */
export function isOnlyMe(draft: ManifestDraft): boolean {
  return draft.performers.length === 1 && draft.performers[0]?.kind === 'self';
}

/** The body of PUT /api/post/{id}/performers. */
export function manifestBody(draft: ManifestDraft): ManifestBody {
  return {
    producedOn: draft.producedOn,
    performers: draft.performers.map((person) =>
      person.kind === 'account'
        ? { kind: 'account', username: person.username }
        : person.kind === 'guest'
          ? { kind: 'guest', name: person.name.trim(), email: person.email.trim() }
          : { kind: 'self' },
    ),
  };
}

/** What the editor says is wrong before anything is sent, if anything. */
export function draftProblem(draft: ManifestDraft, now: Date): 'noPerformers' | 'noDate' | 'production_date_invalid' | undefined {
  if (draft.performers.length === 0) return 'noPerformers';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.producedOn)) return 'noDate';
  if (draft.producedOn > localDay(now)) return 'production_date_invalid';
  return undefined;
}

/** The words for a draft's problem. */
export function draftProblemKey(problem: NonNullable<ReturnType<typeof draftProblem>>): MessageKey {
  return problem === 'production_date_invalid' ? 'performers.errors.production_date_invalid' : `performers.manifest.${problem}`;
}
