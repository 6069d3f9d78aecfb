import type {
  AppearancesAnswer,
  ConsentScopeValue,
  ManifestAnswer,
  ManifestBody,
  PerformerRequest,
  PerformerRequestAnswer,
  Release,
  ReleaseAnswer,
  ReleaseBody,
} from '../../../../server/src/compliance/performers/performers-schema.ts';
import type { MessageKey } from '../../i18n/translate';
import { ApiError, api } from '../../lib/api';

export type {
  AppearancesAnswer,
  ConsentScopeValue,
  ManifestAnswer,
  ManifestBody,
  ManifestPerformer,
  PerformerRequest,
  Release,
  ReleaseBody,
} from '../../../../server/src/compliance/performers/performers-schema.ts';

/** The consent scopes in the order they are asked; the first two are required (compliance/performers/README.md). */
export const CONSENT_SCOPES = ['depicted', 'distribution', 'downloads'] as const satisfies readonly ConsentScopeValue[];
export const REQUIRED_SCOPES: readonly ConsentScopeValue[] = ['depicted', 'distribution'];

/** Consent to be depicted and to distribution: without both, there is nothing to confirm. */
export function coversRequiredScopes(scopes: readonly ConsentScopeValue[]): boolean {
  return REQUIRED_SCOPES.every((scope) => scopes.includes(scope));
}

/** GET /api/post/{id}/performers: the post's manifest (its owner). */
export function loadManifest(postId: number): Promise<ManifestAnswer> {
  return api<ManifestAnswer>(`/api/post/${postId}/performers`);
}

/** PUT /api/post/{id}/performers: replaces the manifest; tagged people are asked again only when new. */
export function saveManifest(postId: number, body: ManifestBody): Promise<ManifestAnswer> {
  return api<ManifestAnswer>(`/api/post/${postId}/performers`, { method: 'PUT', body });
}

/** POST /api/performer/{id}/resend: a guest whose release link expired gets a new one. */
export function resendRelease(performerId: number): Promise<ManifestAnswer> {
  return api<ManifestAnswer>(`/api/performer/${performerId}/resend`, { method: 'POST', body: {} });
}

/** GET /api/performer/{id}: a request to the signed-in account to confirm it appears in a post. */
export async function loadPerformerRequest(performerId: number): Promise<PerformerRequest> {
  return (await api<PerformerRequestAnswer>(`/api/performer/${performerId}`)).request;
}

export async function consentAsPerformer(performerId: number, scopes: ConsentScopeValue[]): Promise<PerformerRequest> {
  return (await api<PerformerRequestAnswer>(`/api/performer/${performerId}/consent`, { method: 'POST', body: { scopes } }))
    .request;
}

export async function declineAsPerformer(performerId: number): Promise<PerformerRequest> {
  return (await api<PerformerRequestAnswer>(`/api/performer/${performerId}/decline`, { method: 'POST', body: {} })).request;
}

/** Withdrawing consent hides the post and opens a case for the moderators. */
export async function withdrawAsPerformer(performerId: number, reason: string): Promise<PerformerRequest> {
  return (await api<PerformerRequestAnswer>(`/api/performer/${performerId}/withdraw`, { method: 'POST', body: { reason } }))
    .request;
}

/** GET /api/me/appearances: the posts the signed-in account appears in, newest first. */
export function appearancesPath(cursor?: string | null): string {
  return cursor ? `/api/me/appearances?cursor=${encodeURIComponent(cursor)}` : '/api/me/appearances';
}

export function loadAppearances(cursor: string): Promise<AppearancesAnswer> {
  return api<AppearancesAnswer>(appearancesPath(cursor));
}

/** A guest takes back the consent their release gave: the post is hidden and a case opened. */
export async function withdrawRelease(token: string, reason: string): Promise<Release> {
  return (await api<ReleaseAnswer>(`/api/release/${token}/withdraw`, { method: 'POST', body: { reason } })).release;
}

export async function submitRelease(token: string, body: ReleaseBody): Promise<Release> {
  return (await api<ReleaseAnswer>(`/api/release/${token}`, { method: 'POST', body })).release;
}

/** Server error codes of the performer routes (server/src/http/errors.ts -360..-369) and the identity checks they share. */
const explained = new Set([
  'performer_account_unknown',
  'performer_duplicate',
  'performer_consented_locked',
  'performer_answered',
  'release_link_invalid',
  'release_link_expired',
  'consent_scopes_incomplete',
  'release_signature_mismatch',
  'production_date_invalid',
  'release_in_review',
  'identity_underage',
  'identity_banned',
  'identity_image_invalid',
  'identity_image_too_large',
]);

/** The performers screens' words for a failed call, else a generic line. */
export function performerErrorKey(error: unknown): MessageKey {
  if (error instanceof ApiError && explained.has(error.code)) {
    return (
      error.code.startsWith('identity_') ? `identity.errors.${error.code}` : `performers.errors.${error.code}`
    ) as MessageKey;
  }
  return 'performers.errors.generic';
}
