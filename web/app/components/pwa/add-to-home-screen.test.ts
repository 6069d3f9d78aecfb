import { describe, expect, test } from 'vitest';
import { askCookie, dueAsk, isIosSafari } from './add-to-home-screen';

const iphoneSafari =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';
const iphoneChrome =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/138.0 Mobile/15E148 Safari/604.1';
const iphoneInstagram =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 380.0';
const ipadDesktop =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15';
const androidChrome = 'Mozilla/5.0 (Linux; Android 15) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0 Mobile Safari/537.36';

const DAY = 24 * 60 * 60 * 1000;

describe('who is offered to add the site to the Home Screen', () => {
  const facts = (userAgent: string, extra: Partial<{ platform: string; maxTouchPoints: number; standalone: boolean }> = {}) => ({
    userAgent,
    platform: 'iPhone',
    maxTouchPoints: 5,
    standalone: false,
    ...extra,
  });

  test('Safari on iPhone and on iPadOS, which reports a touch Mac', () => {
    expect(isIosSafari(facts(iphoneSafari))).toBe(true);
    expect(isIosSafari(facts(ipadDesktop, { platform: 'MacIntel' }))).toBe(true);
  });

  test('not once installed, nor in other browsers, in-app views, a real Mac or Android', () => {
    expect(isIosSafari(facts(iphoneSafari, { standalone: true }))).toBe(false);
    expect(isIosSafari(facts(iphoneChrome))).toBe(false);
    expect(isIosSafari(facts(iphoneInstagram))).toBe(false);
    expect(isIosSafari(facts(ipadDesktop, { platform: 'MacIntel', maxTouchPoints: 0 }))).toBe(false);
    expect(isIosSafari(facts(androidChrome, { platform: 'Linux armv8l' }))).toBe(false);
  });
});

describe('when the prompt is due', () => {
  const now = Date.UTC(2026, 10, 1);

  test('first ask, recorded as now + 14 days', () => {
    expect(dueAsk({}, now)).toBe('first');
    expect(askCookie('first', now)).toEqual(['firstAskAddHomeScreen', String(now + 14 * DAY)]);
  });

  test('no second ask within the 14 days, then one, recorded in its 42-day cookie', () => {
    const firstAskAddHomeScreen = String(now + 14 * DAY);
    expect(dueAsk({ firstAskAddHomeScreen }, now + 13 * DAY)).toBeUndefined();
    expect(dueAsk({ firstAskAddHomeScreen }, now + 14 * DAY)).toBe('second');
    expect(askCookie('second', now)[0]).toBe('secondAskAddHomeScreen');
    expect(dueAsk({ firstAskAddHomeScreen, secondAskAddHomeScreen: String(now) }, now + 20 * DAY)).toBeUndefined();
  });

  test('an unreadable date never asks again', () => {
    expect(dueAsk({ firstAskAddHomeScreen: 'soon' }, now)).toBeUndefined();
  });
});
