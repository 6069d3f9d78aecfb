import { describe, expect, test } from 'vitest';
import { subjectOf } from './complaint-urls.ts';

const site = 'https://velvet.example';

describe('complaint addresses', () => {
  test('post links in every form the site makes, and bare ids', () => {
    expect(subjectOf('https://velvet.example/video?id=12&title=clip', site)).toEqual({ postId: 12 });
    expect(subjectOf('https://www.velvet.example/video-gay?id=7', site)).toEqual({ postId: 7 });
    expect(subjectOf('/anna/post/31', site)).toEqual({ postId: 31 });
    expect(subjectOf('https://velvet.example/embed/5', site)).toEqual({ postId: 5 });
    expect(subjectOf(' 44 ', site)).toEqual({ postId: 44 });
  });

  test('profiles by username', () => {
    expect(subjectOf('https://velvet.example/anna', site)).toEqual({ username: 'anna' });
    expect(subjectOf('https://velvet.example/anna/followers', site)).toEqual({ username: 'anna' });
    expect(subjectOf('https://velvet.example/user/anna.b', site)).toEqual({ username: 'anna.b' });
  });

  test('other sites, site pages and nonsense point at nothing', () => {
    expect(subjectOf('https://elsewhere.example/video?id=12', site)).toBeUndefined();
    expect(subjectOf('https://velvet.example/search?q=x', site)).toBeUndefined();
    expect(subjectOf('https://velvet.example/video', site)).toBeUndefined();
    expect(subjectOf('https://velvet.example/statements', site)).toBeUndefined();
    expect(subjectOf('http://[::1', site)).toBeUndefined();
    expect(subjectOf('0', site)).toBeUndefined();
    expect(subjectOf('https://velvet.example/%E0%A4%A', site)).toBeUndefined();
  });
});
