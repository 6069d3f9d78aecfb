import { describe, expect, test } from 'vitest';
import { addressWithoutCampaign, isUnsupportedDevice, readLinkParameters, standaloneReloadAddress } from './query-handling';

const params = (query: string) => new URLSearchParams(query);

describe('campaign tags', () => {
  test('are removed from the address, keeping the other parameters and the hash', () => {
    expect(addressWithoutCampaign(new URL('https://v.test/tag/x?utm_source=a&q=b&utm=c,d#top'))).toBe('/tag/x?q=b#top');
    expect(addressWithoutCampaign(new URL('https://v.test/?utm_campaign=a'))).toBe('/');
    expect(addressWithoutCampaign(new URL('https://v.test/?q=utm_source'))).toBeUndefined();
  });
});

test('standalone reloads the home page past every cache', () => {
  expect(standaloneReloadAddress(params('standalone=true'), 1700000000000)).toBe('/?no-cache=1700000000000');
  expect(standaloneReloadAddress(params('standalone'), 5)).toBe('/?no-cache=5');
  expect(standaloneReloadAddress(params('q=standalone'), 5)).toBeUndefined();
});

test('link parameters are read and bounded', () => {
  expect(readLinkParameters(params('go&email_id=abc-1&action=confirm&country=cz'))).toEqual({
    go: true,
    emailId: 'abc-1',
    action: 'confirm',
    country: 'CZ',
  });
  expect(readLinkParameters(params(`country=usa&email_id=${'x'.repeat(201)}&action=`))).toEqual({ go: false });
});

describe('unsupported devices', () => {
  const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 12_5 like Mac OS X) AppleWebKit/605.1.15';
  const device = { userAgent: iphone, platform: 'iPhone', maxTouchPoints: 5, screenWidth: 320, screenHeight: 568 };

  test('are iOS devices of 320x568 or smaller, in either orientation', () => {
    expect(isUnsupportedDevice(device)).toBe(true);
    expect(isUnsupportedDevice({ ...device, screenWidth: 568, screenHeight: 320 })).toBe(true);
    expect(isUnsupportedDevice({ ...device, screenWidth: 320, screenHeight: 480 })).toBe(true);
  });

  test('exclude larger iPhones and small screens of other systems', () => {
    expect(isUnsupportedDevice({ ...device, screenWidth: 375, screenHeight: 667 })).toBe(false);
    expect(isUnsupportedDevice({ ...device, userAgent: 'Mozilla/5.0 (Linux; Android 9)', platform: 'Linux armv8l' })).toBe(false);
  });

  test('include iPads that present themselves as a Mac', () => {
    const mac = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)';
    expect(isUnsupportedDevice({ ...device, userAgent: mac, platform: 'MacIntel' })).toBe(true);
    expect(isUnsupportedDevice({ ...device, userAgent: mac, platform: 'MacIntel', maxTouchPoints: 0 })).toBe(false);
  });
});
