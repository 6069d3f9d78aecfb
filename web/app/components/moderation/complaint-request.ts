import type { ComplaintBody } from '../../../../server/src/moderation/moderation-schema.ts';
import type { CaseCategory } from './admin-types';

/** The kinds of public complaint, as the server names the cases they open. */
export const complaintKinds = ['takedown_request', 'dmca_notice', 'complaint'] as const;
export type ComplaintKind = (typeof complaintKinds)[number];

/** Categories a general complaint may name; copyright and non-consent have their own kinds. */
export const complaintCategories: readonly CaseCategory[] = ['underage', 'illegal', 'other'];

const text = (data: FormData, name: string) => String(data.get(name) ?? '').trim();
const optional = (value: string) => value || undefined;

/** The addresses of the reported content, one per line as typed. */
export function contentUrls(value: string): string[] {
  return value
    .split(/\s+/)
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, 20);
}

/** The POST /api/complaint body for the form's answers (moderation-schema.ts ComplaintBody). */
export function complaintRequest(kind: ComplaintKind, data: FormData, recaptchaToken: string, locale: string): ComplaintBody {
  const contact = {
    name: text(data, 'name'),
    email: text(data, 'email'),
    address: optional(text(data, 'address')),
    phone: optional(text(data, 'phone')),
    locale,
    urls: contentUrls(text(data, 'urls')),
    text: optional(text(data, 'details')),
    recaptchaToken,
  };
  if (kind === 'dmca_notice')
    return {
      kind,
      ...contact,
      signature: text(data, 'signature'),
      work: text(data, 'work'),
      goodFaith: true,
      accuracyUnderPenaltyOfPerjury: true,
    };
  if (kind === 'takedown_request')
    return { kind, ...contact, signature: text(data, 'signature'), depictedOrAuthorised: true, goodFaithNonConsent: true };
  return { kind, ...contact, category: text(data, 'category') as CaseCategory, signature: optional(text(data, 'signature')) };
}
