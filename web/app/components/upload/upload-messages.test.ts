import { describe, expect, test } from 'vitest';
import { UPLOAD_ERROR_CODES } from '../../../../server/src/media/upload-rules.ts';
import { sourceMessages } from '../../i18n/messages';
import { createTranslator } from '../../i18n/translate';
import { uploadMessageCode, uploadMessageKey } from './upload-messages';

const { t } = createTranslator('en-US', sourceMessages);

describe('upload messages', () => {
  test('every code of the shared rules has its own English message', () => {
    const texts = UPLOAD_ERROR_CODES.map((code) => t(uploadMessageKey(code)));
    for (const [index, text] of texts.entries()) expect(text, UPLOAD_ERROR_CODES[index]).not.toMatch(/^upload\./);
    expect(new Set(texts).size).toBe(texts.length);
  });

  test('the spec codes read as the spec means them', () => {
    expect(t(uploadMessageKey('tooSmall'))).toContain('480');
    expect(t(uploadMessageKey('tooShort'))).toContain('2');
    expect(t(uploadMessageKey('multiple_videos'))).toMatch(/one video/i);
  });

  test('server and transport codes map onto the messages the screen has', () => {
    expect(uploadMessageCode('uptoken_invalid')).toBe('uptoken_invalid');
    expect(uploadMessageCode('rate_limited')).toBe('rate_limited');
    expect(t(uploadMessageKey('upload_quota_exceeded'))).toMatch(/24 hours/);
    expect(t(uploadMessageKey('too_many_uploads_at_once'))).toMatch(/other uploads/);
    expect(uploadMessageCode('body_too_large')).toBe('file_too_large');
    expect(uploadMessageCode('user_banned')).toBe('login_required');
    expect(uploadMessageCode('internal_error')).toBe('generic');
    expect(uploadMessageCode('something_new')).toBe('generic');
    expect(t(uploadMessageKey('internal_error'))).toBe(t('upload.errors.generic'));
  });
});
