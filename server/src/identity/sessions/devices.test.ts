/** What a session shows of its device, browser and country. */
import { describe, expect, it } from 'vitest';
import { countryOfAddress } from '../../geo/service.js';
import { deviceOf, keptUserAgent } from './devices.js';

describe('deviceOf', () => {
  it('names the browser and the system a person knows, and the kind of device', () => {
    expect(
      deviceOf(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
      ),
    ).toEqual({ kind: 'phone', browser: 'Chrome', system: 'Android' });
    expect(
      deviceOf(
        'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ kind: 'tablet', browser: 'Safari', system: 'iPad' });
    expect(
      deviceOf(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
      ),
    ).toEqual({ kind: 'computer', browser: 'Microsoft Edge', system: 'Windows' });
  });

  it('tells nothing it does not know', () => {
    expect(deviceOf(null)).toEqual({ kind: 'computer', browser: null, system: null });
    expect(deviceOf('curl/8.5.0').system).toBeNull();
  });
});

describe('keptUserAgent', () => {
  it('keeps a sane length and nothing for an empty header', () => {
    expect(keptUserAgent('x'.repeat(5000))).toHaveLength(512);
    expect(keptUserAgent('  ')).toBeNull();
    expect(keptUserAgent(undefined)).toBeNull();
  });
});

describe('countryOfAddress', () => {
  it('places public addresses, v4 and v6, and not private or broken ones', () => {
    expect(countryOfAddress('85.214.132.117')).toBe('DE');
    expect(countryOfAddress('2a01:4f8::1')).toBe('DE');
    expect(countryOfAddress('10.1.2.3')).toBeNull();
    expect(countryOfAddress('127.0.0.1')).toBeNull();
    expect(countryOfAddress('not an address')).toBeNull();
  });
});
