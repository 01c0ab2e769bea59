import { GEOLOCATION_MAX_AGE_MS } from '@amora/common';
import { useEffect, useState } from 'react';

/**
 * The browser's geolocation state (SPEC §3/§4): it cannot locate at all, it will ask, it was
 * allowed, or it was refused (then asking again does nothing until the member allows it in the
 * site settings).
 */
export type GeoPermission = 'unsupported' | 'prompt' | 'granted' | 'denied';

/** The permission as the browser has it now; a browser without the Permissions API asks. */
export async function geolocationPermission(): Promise<{ state: GeoPermission; status: PermissionStatus | null }> {
  if (!('geolocation' in navigator)) return { state: 'unsupported', status: null };
  try {
    const status = await navigator.permissions.query({ name: 'geolocation' });
    return { state: status.state, status };
  } catch {
    return { state: 'prompt', status: null };
  }
}

/** The geolocation state, followed while the page is open (a member may allow it in another tab); null until read. */
export function useGeolocationPermission(): [GeoPermission | null, (state: GeoPermission) => void] {
  const [state, setState] = useState<GeoPermission | null>(null);
  useEffect(() => {
    let status: PermissionStatus | null = null;
    const follow = () => status && setState(status.state);
    void geolocationPermission().then((read) => {
      setState(read.state);
      status = read.status;
      status?.addEventListener('change', follow);
    });
    return () => status?.removeEventListener('change', follow);
  }, []);
  return [state, setState];
}

export function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) =>
    navigator.geolocation.getCurrentPosition(resolve, reject, {
      maximumAge: GEOLOCATION_MAX_AGE_MS,
      timeout: 15_000,
    }),
  );
}
