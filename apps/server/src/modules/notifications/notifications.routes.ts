import { PassThrough } from 'node:stream';
import {
  type Locale,
  markReadRequestSchema,
  NOTIFICATIONS_STREAM_EVENT,
  notificationListQuerySchema,
  notificationPageSchema,
  notificationPreferencesSchema,
  unreadCountSchema,
  unsubscribeQuerySchema,
  unsubscribeResultSchema,
  updatePreferencesRequestSchema,
} from '@kaksha/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, badRequest } from '../../core/errors.ts';
import { html, localeOf, t } from '../../core/i18n.ts';
import {
  linkSecret,
  localeOfUser,
  PRODUCT_NAME,
  preferencesOf,
  readUnsubscribeToken,
  scopeName,
  setPreferences,
  unsubscribe,
} from './notifications.mail.ts';
import { listNotifications, markRead, unreadCount } from './notifications.queries.ts';

/** A comment line this often keeps proxies and browsers from closing an idle stream. */
const PING_EVERY_MS = 25_000;

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** The unsubscribe link's page, in the reader's language (its texts are core/i18n's `unsubscribe.*`). */
const page = (locale: Locale, title: string, content: string) => `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} · ${PRODUCT_NAME}</title>
<style>body{font-family:system-ui,Arial,'Noto Sans Devanagari',sans-serif;color:#0f172a;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5}button{font:inherit;background:#0f172a;color:#fff;border:0;border-radius:8px;padding:.7rem 1.2rem;cursor:pointer;min-height:44px}a{color:#1d4ed8}</style>
</head><body><main><h1>${esc(title)}</h1>${content}<p><a href="/">${html(locale, 'unsubscribe.back', { product: PRODUCT_NAME })}</a></p></main></body></html>`;

/** A browser following the link from an e-mail gets a page; an API client (the web app) JSON. */
const wantsHtml = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');

/**
 * Notifications (mounted at /api/notifications): the signed-in user's list, read state, e-mail
 * preferences and the bell's live stream; and the unsubscribe link, which needs no session.
 */
const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  // RFC 8058's one-click POST is a form body (`List-Unsubscribe=One-Click`), as is the page's button.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_r, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  // Reconnecting streams (a flaky line, many tabs) are fine; a loop opening them is not.
  const streamLimit = app.limiter({
    name: 'notifications-stream',
    max: 60,
    windowMs: 60_000,
    key: (request) => request.user?.id ?? null,
  });
  const unsubscribeLimit = app.limiter({
    name: 'notifications-unsubscribe',
    max: 30,
    windowMs: 60_000,
    key: (r) => r.ip,
  });

  app.get(
    '/',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['notifications'],
        summary: 'Your notifications, newest first (keyset paged), with the unread count',
        querystring: notificationListQuerySchema,
        response: { 200: notificationPageSchema },
      },
    },
    async (request) => listNotifications(db, request.user!.id, request.user!.locale, request.query),
  );

  app.post(
    '/read',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['notifications'],
        summary: 'Mark notifications read: `{ids}` (your own) or `{all: true}`; answers the unread count',
        body: markReadRequestSchema,
        response: { 200: unreadCountSchema },
      },
    },
    async (request) => {
      const userId = request.user!.id;
      const count = await markRead(db, userId, request.body);
      // The user's other tabs and devices show the new count too.
      await app.notifications.ring([userId]);
      return { unreadCount: count };
    },
  );

  app.get(
    '/preferences',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['notifications'],
        summary: 'Your e-mail choice per kind: instant, daily (digest) or off',
        response: { 200: notificationPreferencesSchema },
      },
    },
    async (request) => ({ preferences: await preferencesOf(db, request.user!.id) }),
  );

  app.put(
    '/preferences',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['notifications'],
        summary: 'Change the e-mail choice of the kinds named; answers every kind',
        body: updatePreferencesRequestSchema,
        response: { 200: notificationPreferencesSchema },
      },
    },
    async (request) => ({ preferences: await setPreferences(db, request.user!.id, request.body) }),
  );

  app.get(
    '/stream',
    {
      preHandler: app.authenticate,
      // An event stream must reach the browser as it is written, not when a compressor's buffer fills.
      compress: false,
      schema: {
        tags: ['notifications'],
        summary: 'The bell: server-sent events with the unread count, live from every instance',
        description: `text/event-stream, for a request with \`Accept: text/event-stream\` (others 406). \`event: ${NOTIFICATIONS_STREAM_EVENT}\` with \`data: {"unreadCount": n}\` on connecting and whenever it changes; a \`: ping\` comment every 25 s.`,
      },
    },
    async (request, reply) => {
      // A stream never ends: only a client that asks for one (EventSource does) gets it.
      if (!(request.headers.accept ?? '').includes('text/event-stream')) {
        throw new AppError(
          406,
          'notifications_stream_only',
          'This is an event stream: ask for it with Accept: text/event-stream',
        );
      }
      await streamLimit.hit(request);
      const userId = request.user!.id;
      const stream = new PassThrough();
      const send = (n: number) =>
        stream.write(`event: ${NOTIFICATIONS_STREAM_EVENT}\ndata: ${JSON.stringify({ unreadCount: n })}\n\n`);
      const stop = app.notifications.watch(userId, send, () => stream.end());
      const ping = setInterval(() => stream.write(': ping\n\n'), PING_EVERY_MS);
      reply.raw.once('close', () => {
        clearInterval(ping);
        stop();
        stream.end();
      });
      // Browsers reconnect by themselves after a dropped stream; 3 s keeps the count within the 5.
      stream.write('retry: 3000\n\n');
      send(await unreadCount(db, userId));
      return (
        reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-cache, no-transform')
          // nginx and similar proxies would otherwise buffer the stream.
          .header('x-accel-buffering', 'no')
          // Never reused: when the stream ends (the app closing) its connection goes too, not idle.
          .header('connection', 'close')
          .send(stream)
      );
    },
  );

  const unsubscribeRoute = async (
    request: FastifyRequest<{ Querystring: { token: string } }>,
    reply: FastifyReply,
    apply: boolean,
  ) => {
    await unsubscribeLimit.hit(request);
    const read = readUnsubscribeToken(await linkSecret(db), request.query.token);
    if (!read) {
      if (wantsHtml(request)) {
        // No user to ask: the visitor's language cookie (the web app's), else English.
        const locale = localeOf(request.cookies.locale);
        return reply
          .status(400)
          .type('text/html; charset=utf-8')
          .send(page(locale, t(locale, 'unsubscribe.invalidTitle'), `<p>${html(locale, 'unsubscribe.invalid')}</p>`));
      }
      throw badRequest(
        { id: 'notification_unsubscribe_invalid', message: t('en', 'unsubscribe.invalid') },
        { token: 'Invalid token' },
      );
    }
    if (apply) await unsubscribe(db, read.userId, read.scope);
    // The answer's message stays English for API clients; the browser's page is in the reader's language.
    const worded = (locale: Locale) => {
      const scope = scopeName(read.scope, locale);
      return t(locale, apply ? 'unsubscribe.done' : 'unsubscribe.ask', { scope });
    };
    if (wantsHtml(request)) {
      const locale = await localeOfUser(db, read.userId, localeOf(request.cookies.locale));
      const action = `/api/notifications/unsubscribe?token=${encodeURIComponent(request.query.token)}`;
      const said = `<p>${esc(worded(locale))}</p>`;
      const content = apply
        ? said
        : `${said}<form method="post" action="${esc(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${html(locale, 'unsubscribe.button')}</button></form>`;
      const title = t(locale, apply ? 'unsubscribe.doneTitle' : 'unsubscribe.title');
      return reply.type('text/html; charset=utf-8').send(page(locale, title, content));
    }
    return { scope: read.scope, unsubscribed: apply, message: worded('en') };
  };

  app.get(
    '/unsubscribe',
    {
      schema: {
        tags: ['notifications'],
        summary: 'What an e-mail’s unsubscribe link turns off (no session: the token is signed); a page for browsers',
        querystring: unsubscribeQuerySchema,
        response: { 200: unsubscribeResultSchema },
      },
    },
    (request, reply) => unsubscribeRoute(request, reply, false),
  );

  app.post(
    '/unsubscribe',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Unsubscribe with the link’s token (RFC 8058 one-click: `List-Unsubscribe=One-Click`); no session',
        querystring: unsubscribeQuerySchema,
        response: { 200: unsubscribeResultSchema },
      },
    },
    (request, reply) => unsubscribeRoute(request, reply, true),
  );
};

export default notificationsRoutes;
