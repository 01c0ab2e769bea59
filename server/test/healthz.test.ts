/** GET /healthz: what a load balancer asks before it sends an instance traffic. */
import { describe, expect, it } from 'vitest';
import { client, useTestApp } from './helpers.js';

describe('GET /healthz', () => {
  const t = useTestApp();

  it('answers 200 ok when the database answers, for any host and without the client header', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz', headers: { host: 'lb-probe.internal' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });
});

describe('GET /healthz while the instance drains for a shutdown', () => {
  const t = useTestApp();

  it('answers 503 service_unavailable, while calls are still answered, each closing its connection', async () => {
    t.app.drain();
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ error: 'service_unavailable' });

    const settings = await client(t.app).get('/api/settings.php');
    expect(settings.statusCode).toBe(200);
    expect(settings.headers.connection).toBe('close');
  });
});
