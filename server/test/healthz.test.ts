/** GET /healthz: what a load balancer asks before it sends an instance traffic. */
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers.js';

describe('GET /healthz', () => {
  const t = useTestApp();

  it('answers 200 ok when the database answers, for any host and without the client header', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz', headers: { host: 'lb-probe.internal' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });
});
