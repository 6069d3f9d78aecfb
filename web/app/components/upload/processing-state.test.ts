import { describe, expect, test } from 'vitest';
import { advance, afterMediaUpdate, processingStarted, processingViewOf } from './processing-state';

const job = (state: 'new' | 'started' | 'done') => ({ kind: 'transcode', state });
const card = (status: number, jobs = [job('new')], media = [{ status: 3 }]) => ({ status, jobs, media });

describe('processingViewOf', () => {
  test('the §4 formula while processing, 0 while created, queued or checking', () => {
    expect(processingViewOf(card(4))).toEqual({ phase: 'processing', progress: 0 });
    expect(processingViewOf(card(5, [job('done')]))).toEqual({ phase: 'processing', progress: 0 });
    expect(processingViewOf(card(2, [job('done'), job('started'), job('new')]))).toEqual({ phase: 'processing', progress: 44 });
    expect(processingViewOf(card(2, [job('done'), job('done')]))).toEqual({ phase: 'processing', progress: 100 });
  });

  test('published, private, draft or scheduled is done; awaiting performers is held; failure is failed', () => {
    expect(processingViewOf(card(6, [], [{ status: 10 }]))).toEqual({ phase: 'done' });
    expect(processingViewOf(card(8, [], [{ status: 10 }]))).toEqual({ phase: 'done' });
    expect(processingViewOf(card(11, [], [{ status: 10 }]))).toEqual({ phase: 'done' });
    expect(processingViewOf(card(12, [], [{ status: 10 }]))).toEqual({ phase: 'done' });
    expect(processingViewOf(card(13, [], [{ status: 10 }]))).toEqual({ phase: 'held' });
    expect(processingViewOf(card(3))).toEqual({ phase: 'failed' });
    expect(processingViewOf(card(2, [job('started')], [{ status: 10 }, { status: 9 }]))).toEqual({ phase: 'failed' });
  });
});

describe('advance', () => {
  test('never goes back, and an end stays', () => {
    const at40 = { phase: 'processing', progress: 40 } as const;
    expect(advance(at40, { phase: 'processing', progress: 20 })).toBe(at40);
    expect(advance(at40, { phase: 'processing', progress: 60 })).toEqual({ phase: 'processing', progress: 60 });
    expect(advance({ phase: 'done' }, { phase: 'failed' })).toEqual({ phase: 'done' });
    expect(advance(at40, { phase: 'failed' })).toEqual({ phase: 'failed' });
  });
});

describe('afterMediaUpdate', () => {
  test('progress moves the bar; failed media fails; ready asks for the card', () => {
    expect(afterMediaUpdate(processingStarted, { id: 1, status: 3, progress: 33.7 })).toEqual({
      view: { phase: 'processing', progress: 33 },
      refetch: false,
    });
    expect(afterMediaUpdate(processingStarted, { id: 1, status: 9 })).toEqual({ view: { phase: 'failed' }, refetch: false });
    expect(afterMediaUpdate(processingStarted, { id: 1, status: 10, progress: 100 })).toEqual({
      view: { phase: 'processing', progress: 100 },
      refetch: true,
    });
    expect(afterMediaUpdate(processingStarted, { id: 1, status: 2 }).refetch).toBe(true);
  });
});
