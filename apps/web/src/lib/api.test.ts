import type { ErrorBody } from '@kaksha/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppIntl } from '@/i18n';
import { setCurrentIntl } from '@/i18n/current';
import hi from '@/i18n/hi.json';
import { ApiError, api, errorMessage, serverMessage } from './api';

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

describe('an API error in Hindi', () => {
  const answer = (body: ErrorBody, status: number) => new ApiError(status, body.message, body);

  it('shows the translation of its id, or of the MESSAGES text it is worded with, else the English message', () => {
    setCurrentIntl('hi', createAppIntl('hi', hi));
    const wait = { message: 'Too many attempts. Please try again in 5 minutes.', id: 'too_many_requests' };
    expect(errorMessage(answer({ ...wait, params: { wait: 5, unit: 'minute' } }, 429))).toBe(
      'बहुत ज़्यादा कोशिशें हो गईं। कृपया 5 मिनट बाद फिर कोशिश करें।',
    );
    const otp = { message: 'Invalid OTP. 1 attempt left.', id: 'otp_wrong', params: { left: 1 } };
    expect(errorMessage(answer(otp, 400))).toBe('OTP गलत है। 1 प्रयास बाकी।');
    const ended = { message: 'The 7-day refund window ended on 4 Mar 2026.', id: 'refund_window_ended' };
    expect(errorMessage(answer({ ...ended, params: { days: 7, date: '2026-03-04T10:00:00.000Z' } }, 409))).toBe(
      '7 दिनों की रिफ़ंड अवधि 4 मार्च 2026 को खत्म हो गई।',
    );
    // A generic id says only the kind of failure: the MESSAGES text it is worded with, or the English.
    expect(errorMessage(answer({ message: 'Invalid email or password', id: 'unauthorized' }, 401))).toBe(
      'ईमेल या पासवर्ड गलत है',
    );
    expect(errorMessage(answer({ message: 'Only the course creator can do this', id: 'forbidden' }, 403))).toBe(
      'Only the course creator can do this',
    );
    expect(errorMessage(answer({ message: 'An account with this email already exists', id: 'conflict' }, 409))).toBe(
      'इस ईमेल से एक अकाउंट पहले से मौजूद है',
    );
    // An id the catalogue does not know, worded with no MESSAGES text: the server's English.
    expect(errorMessage(answer({ message: 'Course not found', id: 'course_gone' }, 404))).toBe('Course not found');
    expect(errorMessage(new ApiError(0, 'Cannot reach the server.', undefined, { key: 'api.cannotReach' }))).toBe(
      'सर्वर से संपर्क नहीं हो पा रहा। अपना इंटरनेट कनेक्शन जाँचें और फिर कोशिश करें।',
    );
    expect(errorMessage(new Error('boom'))).toBe('कुछ गड़बड़ हो गई');
    expect(serverMessage('Added to your wishlist')).toBe('आपकी विशलिस्ट में जोड़ दिया गया');
  });

  it('in English, is the server’s own message whatever its id', () => {
    expect(
      errorMessage(
        answer({ message: 'Too many attempts. Please try again in 5 minutes.', id: 'too_many_requests' }, 429),
      ),
    ).toBe('Too many attempts. Please try again in 5 minutes.');
    expect(serverMessage('Added to your wishlist')).toBe('Added to your wishlist');
  });
});
