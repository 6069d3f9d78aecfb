import { expect, test } from 'vitest';
import { newPostPath, storePendingFiles, takePendingFiles } from './pending-upload';

test('pending files are handed over once', () => {
  const files = [new File(['a'], 'a.mp4'), new File(['b'], 'b.jpg')];
  storePendingFiles(files);
  expect(takePendingFiles().map((file) => file.name)).toEqual(['a.mp4', 'b.jpg']);
  expect(takePendingFiles()).toEqual([]);
});

test('the new-post address carries mobile up to 945 px', () => {
  expect(newPostPath(390)).toBe('/new-post?mobile=1');
  expect(newPostPath(945)).toBe('/new-post?mobile=1');
  expect(newPostPath(946)).toBe('/new-post');
});
