import { describe, expect, test } from 'vitest';
import { complaintRequest, contentUrls } from './complaint-request';
import { relativeTime } from './DeadlineBadge';

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

const contact = {
  name: ' Jo Example ',
  email: 'jo@example.com',
  urls: '/a/post/1\n\n https://velvet.test/video?id=2 ',
  signature: 'Jo Example',
};

describe('the public complaint body', () => {
  test('addresses are read one per line, blanks dropped, at most 20', () => {
    expect(contentUrls(' /a/post/1 \n\n/b/post/2')).toEqual(['/a/post/1', '/b/post/2']);
    expect(contentUrls(Array.from({ length: 25 }, (_, index) => `/p/post/${index}`).join('\n'))).toHaveLength(20);
  });

  test('a TAKE IT DOWN request carries its statements, the signature and the contact', () => {
    expect(complaintRequest('takedown_request', form({ ...contact, details: 'left', address: '' }), 'pow', 'de-DE')).toEqual({
      kind: 'takedown_request',
      name: 'Jo Example',
      email: 'jo@example.com',
      address: undefined,
      phone: undefined,
      locale: 'de-DE',
      urls: ['/a/post/1', 'https://velvet.test/video?id=2'],
      text: 'left',
      recaptchaToken: 'pow',
      signature: 'Jo Example',
      depictedOrAuthorised: true,
      goodFaithNonConsent: true,
    });
  });

  test('a DMCA notice names the work and affirms both statements; a general complaint its category', () => {
    const dmca = complaintRequest('dmca_notice', form({ ...contact, work: 'My film', address: '1 Road' }), 'pow', 'en-US');
    expect(dmca).toMatchObject({
      kind: 'dmca_notice',
      work: 'My film',
      address: '1 Road',
      goodFaith: true,
      accuracyUnderPenaltyOfPerjury: true,
    });
    const general = complaintRequest('complaint', form({ ...contact, category: 'underage', signature: '' }), 'pow', 'en-US');
    expect(general).toMatchObject({ kind: 'complaint', category: 'underage', signature: undefined });
  });
});

describe('deadline wording', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  test('the largest whole unit, past or future, in the page language', () => {
    expect(relativeTime('en-US', new Date('2026-11-29T13:00:00Z'), now)).toBe('in 2 days');
    expect(relativeTime('en-US', new Date('2026-11-27T07:00:00Z'), now)).toBe('5 hours ago');
    expect(relativeTime('de-DE', new Date('2026-11-27T12:20:00Z'), now)).toBe('in 20 Minuten');
  });
});
