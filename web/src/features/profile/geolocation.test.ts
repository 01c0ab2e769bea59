import { afterEach, describe, expect, it, vi } from 'vitest';
import { geolocationPermission } from './geolocation';

const withNavigator = (navigator: object) => vi.stubGlobal('navigator', navigator);
const permissions = (state: PermissionState) => ({ query: async () => ({ state }) });

describe('geolocationPermission (SPEC §3/§4)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is unsupported in a browser that cannot locate', async () => {
    withNavigator({ permissions: permissions('granted') });
    expect((await geolocationPermission()).state).toBe('unsupported');
  });

  for (const state of ['prompt', 'granted', 'denied'] as const) {
    it(`reads the browser's state before asking: ${state}`, async () => {
      withNavigator({ geolocation: {}, permissions: permissions(state) });
      expect((await geolocationPermission()).state).toBe(state);
    });
  }

  it('expects a question where the browser cannot tell', async () => {
    withNavigator({ geolocation: {} });
    expect((await geolocationPermission()).state).toBe('prompt');
  });
});
