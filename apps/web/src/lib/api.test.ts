import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, errorMessage } from './api';

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('sends credentials and JSON, and returns the parsed body', async () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response(JSON.stringify({ ok: 1 }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.post('/api/x', { a: 1 })).resolves.toEqual({ ok: 1 });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/x');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"a":1}' });
    expect(init.headers).toEqual({ 'content-type': 'application/json' });
  });

  it("turns an error answer into an ApiError carrying the server's message", async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(new Response(JSON.stringify({ message: 'Invalid email or password' }), { status: 401 })),
    );
    const error = (await api.post('/api/auth/login', {}).catch((e) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(401);
    expect(errorMessage(error, 'fallback')).toBe('Invalid email or password');
  });

  it('reports a network failure with a readable message', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = (await api.get('/api/x').catch((e) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toMatch(/Cannot reach the server/);
    expect(errorMessage(new Error('boom'), 'fallback')).toBe('fallback');
  });

  it('upload: a 204 answer resolves without a body and the abort listener is removed', async () => {
    class FakeXhr {
      status = 204;
      responseText = '';
      upload = {} as { onprogress?: unknown };
      withCredentials = false;
      onload?: () => void;
      open() {}
      abort() {}
      send() {
        setTimeout(() => this.onload?.(), 0);
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const controller = new AbortController();
    const remove = vi.spyOn(controller.signal, 'removeEventListener');
    await expect(api.upload('/api/x', new FormData(), { signal: controller.signal })).resolves.toBeUndefined();
    expect(remove).toHaveBeenCalledWith('abort', expect.any(Function));
  });
});
