import { expect, test } from 'vitest';
import { postLabel } from './post-label';

const user = { username: 'mia', displayName: 'Mia' };

test('a titled post is labelled by its title', () => {
  expect(postLabel({ title: ' Sunset swim ', tags: [{ tag: 'beach' }], user })).toBe('Sunset swim');
});

test('an untitled post is labelled by its creator and first three tags', () => {
  const tags = ['beach', 'sunset', 'summer', 'sea'].map((tag) => ({ tag }));
  expect(postLabel({ title: '', tags, user })).toBe('Mia · #beach #sunset #summer');
  expect(postLabel({ title: null, tags: [], user: { username: 'mia', displayName: '' } })).toBe('@mia');
});
