import { describe, expect, test } from 'vitest';
import { buildUploadForm, readUploadAnswer, type UploadFields, uploadPercent } from './upload-request';

const fields: UploadFields = {
  upToken: 'tok-1',
  title: '  Sunset run  ',
  tags: ['beach', '#summer'],
  lgbt: 2,
  joinClips: false,
  recorded: false,
  device: 'desktop',
};
const file = (name: string) => new File([new Uint8Array([1, 2, 3])], name, { type: 'video/mp4' });

describe('buildUploadForm', () => {
  test('one file is purpose post; text fields come first, files last under "file"', () => {
    const form = buildUploadForm(fields, [file('a.mp4')]);
    const names = [...form.keys()];
    expect(names).toEqual(['purpose', 'upToken', 'title', 'tags', 'lgbt', 'device', 'file']);
    expect(form.get('purpose')).toBe('post');
    expect(form.get('title')).toBe('Sunset run');
    expect(form.get('tags')).toBe('beach summer');
    expect(form.get('lgbt')).toBe('2');
    expect((form.get('file') as File).name).toBe('a.mp4');
  });

  test('several files are post-multi, in the chosen order, with clips and recorded when asked', () => {
    const form = buildUploadForm({ ...fields, joinClips: true, recorded: true, device: 'mobile' }, [
      file('1.webm'),
      file('2.webm'),
    ]);
    expect(form.get('purpose')).toBe('post-multi');
    expect(form.get('clips')).toBe('1');
    expect(form.get('recorded')).toBe('1');
    expect(form.get('device')).toBe('mobile');
    expect(form.getAll('file').map((part) => (part as File).name)).toEqual(['1.webm', '2.webm']);
    expect([...form.keys()].indexOf('file')).toBe([...form.keys()].length - 2);
  });
});

describe('readUploadAnswer', () => {
  test('success carries the post id, media and warnings', () => {
    const body = JSON.stringify({
      statusCode: 1,
      postId: 42,
      media: [{ id: 7, name: 'abc', kind: 'image' }],
      warnings: ['some_images_out_of_ratio_range'],
    });
    expect(readUploadAnswer(200, body)).toEqual({
      ok: true,
      post: { postId: 42, media: [{ id: 7, name: 'abc', kind: 'image' }], warnings: ['some_images_out_of_ratio_range'] },
    });
  });

  test("a failure answers its code, from `code` or the envelope's `error`", () => {
    expect(readUploadAnswer(200, JSON.stringify({ statusCode: -66, code: 'tooSmall', message: 'x' }))).toEqual({
      ok: false,
      code: 'tooSmall',
    });
    expect(readUploadAnswer(404, JSON.stringify({ statusCode: -16, error: 'route_not_found' }))).toEqual({
      ok: false,
      code: 'route_not_found',
    });
  });

  test('a body that is not an envelope becomes a transport code', () => {
    expect(readUploadAnswer(413, '<html>too large</html>')).toEqual({ ok: false, code: 'file_too_large' });
    expect(readUploadAnswer(429, '')).toEqual({ ok: false, code: 'rate_limited' });
    // When to try again travels with the refusal, from the rate limit's or the quota's Retry-After.
    expect(readUploadAnswer(429, '', '1800')).toEqual({ ok: false, code: 'rate_limited', retryAfter: 1800 });
    expect(readUploadAnswer(200, JSON.stringify({ statusCode: -170, error: 'upload_quota_exceeded' }), '60')).toEqual({
      ok: false,
      code: 'upload_quota_exceeded',
      retryAfter: 60,
    });
    expect(readUploadAnswer(502, 'Bad gateway')).toEqual({ ok: false, code: 'generic' });
  });
});

test('uploadPercent is whole percent within 0–100', () => {
  expect(uploadPercent(0, 0)).toBe(0);
  expect(uploadPercent(1, 3)).toBe(33);
  expect(uploadPercent(999, 1000)).toBe(99);
  expect(uploadPercent(1000, 1000)).toBe(100);
  expect(uploadPercent(2000, 1000)).toBe(100);
});
