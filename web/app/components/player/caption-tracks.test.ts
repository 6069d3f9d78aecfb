import { describe, expect, test } from 'vitest';
import { captionTracks, shownTrack } from './caption-tracks';

const media = {
  variants: {
    hls: '/media/a/hls/master.m3u8',
    'caption-de': '/media/a/captions/de.x.vtt',
    'caption-ar': '/media/a/captions/ar.y.vtt',
    'caption-en': '/media/a/captions/en.z.vtt',
    'caption-xx': '/media/a/captions/xx.w.vtt',
  },
};

describe('caption tracks', () => {
  test('are read from the caption variants in the app languages order, with their own names and direction', () => {
    expect(captionTracks(media)).toEqual([
      { language: 'en', label: 'English', dir: 'ltr', url: '/media/a/captions/en.z.vtt' },
      { language: 'de', label: 'Deutsch', dir: 'ltr', url: '/media/a/captions/de.x.vtt' },
      { language: 'ar', label: 'العربية', dir: 'rtl', url: '/media/a/captions/ar.y.vtt' },
    ]);
  });

  test('the chosen language leads, then the page language, then the first; off shows none', () => {
    const tracks = captionTracks(media);
    expect(shownTrack(tracks, { captionsOn: true, captionLanguage: 'ar' }, 'de-DE')?.language).toBe('ar');
    expect(shownTrack(tracks, { captionsOn: true, captionLanguage: 'fr' }, 'de-DE')?.language).toBe('de');
    expect(shownTrack(tracks, { captionsOn: true, captionLanguage: null }, 'ja-JP')?.language).toBe('en');
    expect(shownTrack(tracks, { captionsOn: false, captionLanguage: 'ar' }, 'ar-SA')).toBeUndefined();
  });
});
