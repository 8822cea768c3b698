import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';

describe('health and errors', async () => {
  const app = await buildTestApp();

  it('reports health and readiness with the database reachable', async () => {
    expect((await app.inject('/api/health')).json()).toEqual({ status: 'ok' });
    const ready = await app.inject('/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await app.inject('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/not found/);
  });

  it('answers malformed JSON with a 400 message, not a crash', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/course/getcreator',
      headers: { 'content-type': 'application/json' },
      payload: '{"userId":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'The request body is not valid JSON' });
  });

  it('names the offending field on validation errors', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/course/getcreator', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'userId is required', fields: { userId: 'userId is required' } });
  });

  it('serves the OpenAPI document', async () => {
    const res = await app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    expect(res.json().paths).toHaveProperty('/api/course/getpublishedcoures');
  });
});
