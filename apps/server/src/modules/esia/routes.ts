import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { rateLimited, unauthorized } from '../../lib/problem';
import { InProcessRateStore } from '../../lib/rate-limit-store';
import { ProblemRef } from '../../lib/schemas';
import { REFRESH_SESSION, SESSION_OPTIONAL } from '../../lib/security';
import { INVALID_TOKEN_TITLE } from '../../plugins/session';
import { endSession, familyOfRefreshToken, REFRESH_TTL_SECONDS, type RefreshResult, refreshSession } from '../session';
import { staffRolesOf } from '../staff';
import { safeReturnPath } from './return-url';
import {
  AuthInfoSchema,
  CallbackQuery,
  LoginQuery,
  PersonalInfoSchema,
  RedirectResponse,
  ReturnUrlQuery,
  TokenForm,
} from './schemas';
import { beginLogin, completeLogin, personalInfo } from './service';

const TAGS = ['Вход через Госуслуги'];

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/** The question a sign-out link from another site gets: a page without scripts or styles of its own. */
export function logoutConfirmPage(returnPath: string): string {
  const back = escapeHtml(returnPath);
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Выйти из личного кабинета?</title>
</head>
<body>
<main>
<h1>Выйти из личного кабинета?</h1>
<p>Вы перешли по ссылке на выход с другого сайта. Если вы хотите выйти из личного кабинета и из Госуслуг, нажмите «Выйти».</p>
<form method="get" action="/api/v1/esia/logout">
<input type="hidden" name="returnUrl" value="${back}">
<button type="submit">Выйти</button>
</form>
<p><a href="/">Не выходить и перейти на главную</a></p>
</main>
</body>
</html>
`;
}
const STATE_TTL_SECONDS = 15 * 60;
// A person signs in or refreshes a few times an hour; a stream from one address is a script
// (each sign-in stores a state and makes a signature).
const FLOW_LIMIT = { max: 60, timeWindow: '1 minute' };

/** Sign-in through ESIA, the site session (userinfo, refresh) and sign-out. */
const esiaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(AuthInfoSchema);
  app.addSchema(PersonalInfoSchema);
  await app.register(rateLimit, {
    global: false,
    // Shared by every node through Redis when there is one (REDIS_URL); in process otherwise.
    ...(app.redis
      ? { redis: app.redis, nameSpace: `${app.redisPrefix}rate:esia:`, skipOnError: true }
      : // The plugin's own in-process store reads its count a turn late: a burst was refused whole.
        { store: InProcessRateStore }),
    errorResponseBuilder: () => rateLimited('Попробуйте войти через минуту.'),
  });
  // The token exchange is form-encoded (OAuth); the ESIA stand-in may have registered the parser already.
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) await app.register(formbody);
  const stateCookie = `${app.session.secure ? '__Host-' : ''}perenos-esia-state`;
  // The page a sign-in left from: the back button from the page after sign-in goes through ESIA's page
  // again, which comes back with the spent state (decision 080).
  const backCookie = `${app.session.secure ? '__Host-' : ''}perenos-esia-back`;
  const cookieBase = { httpOnly: true, sameSite: 'lax', secure: app.session.secure, path: '/' } as const;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  /** A signed-in person as the header sees them: their name, and whether the menus offer the back office. */
  async function signedIn(user: { oid: string; name: string }, expireAt: Date) {
    const isStaff = (await staffRolesOf(app.db, user.oid)).length > 0;
    return { isLogged: true, expireAt: expireAt.toISOString(), userName: user.name, isStaff };
  }

  /** Applies a refresh: new cookies on success; on theft, revocation or expiry the cookies go. */
  async function applyRefresh(reply: FastifyReply, result: RefreshResult) {
    // A spent token came back: the family is revoked in the database; every node must forget it now.
    if (!result.ok && result.reason === 'reused') await app.session.familyRevoked(result.familyId);
    if (result.ok) {
      app.session.setCookies(reply, result.tokens);
      return signedIn(result.user, result.tokens.expireAt);
    }
    // A lost race means another tab already holds the new cookies: leave them alone.
    if (result.reason !== 'raced') app.session.clearCookies(reply);
    return null;
  }

  function failTo(reply: FastifyReply, reason: string) {
    return reply.redirect(`/?esiaError=${reason}`);
  }

  app.get(
    '/v1/esia/login',
    {
      config: { feature: 'EsiaAuth', rateLimit: FLOW_LIMIT },
      schema: {
        operationId: 'esiaLogin',
        tags: TAGS,
        summary: 'Начать вход через Госуслуги (переход на ЕСИА)',
        querystring: LoginQuery,
        response: { 302: RedirectResponse, 400: ProblemRef, 429: ProblemRef },
      },
    },
    async (request, reply) => {
      if (!app.esia) return failTo(reply, 'unavailable');
      const returnPath = safeReturnPath(request.query.returnUrl, app.siteOrigin(request));
      const fromPath = safeReturnPath(request.query.from ?? returnPath, app.siteOrigin(request));
      const { state, url } = await beginLogin(
        app.db,
        app.esia.adapter,
        app.esia.endpoints(request),
        returnPath,
        app.clock(),
      );
      reply.setCookie(stateCookie, state, { ...cookieBase, maxAge: STATE_TTL_SECONDS });
      reply.setCookie(backCookie, fromPath, { ...cookieBase, maxAge: REFRESH_TTL_SECONDS });
      return reply.redirect(url);
    },
  );

  app.get(
    '/v1/esia/callback',
    {
      config: { feature: 'EsiaAuth', rateLimit: FLOW_LIMIT },
      schema: {
        operationId: 'esiaCallback',
        tags: TAGS,
        summary: 'Возврат из ЕСИА: вход на сайт и переход на исходную страницу',
        querystring: CallbackQuery,
        response: { 302: RedirectResponse, 400: ProblemRef, 429: ProblemRef },
      },
    },
    async (request, reply) => {
      if (!app.esia) return failTo(reply, 'unavailable');
      const q = request.query;
      const browserState = request.cookies[stateCookie];
      reply.clearCookie(stateCookie, cookieBase);
      const result = await completeLogin(
        app.db,
        app.esia.adapter,
        app.esia.endpoints(request),
        { session: app.session.accessKey, seal: app.session.sealKey },
        { state: q.state ?? '', browserState, code: q.code ?? '', error: q.error ?? '' },
        (message) => request.log.warn({ esia: message }, 'ESIA sign-in failed'),
        app.clock(),
      );
      if (!result.ok) {
        // Back through ESIA's page after signing in: the browser holds a session and no sign-in of this
        // state is under way. Nothing failed — back to where the sign-in began, without a note.
        if (result.reason === 'state' && request.user) {
          return reply.redirect(safeReturnPath(request.cookies[backCookie], app.siteOrigin(request)));
        }
        return failTo(reply, result.reason === 'denied' ? 'denied' : 'failed');
      }
      request.log.info({ userId: result.user.userId }, 'signed in through ESIA');
      app.session.setCookies(reply, result.tokens);
      return reply.redirect(result.returnPath);
    },
  );

  app.get(
    '/v1/esia/userinfo',
    {
      schema: {
        operationId: 'getUserInfo',
        security: SESSION_OPTIONAL,
        tags: TAGS,
        summary: 'Выполнен ли вход и когда истекает токен',
        response: { 200: Type.Ref('AuthInfo') },
      },
    },
    async (request, reply) => {
      if (request.user && request.sessionExpireAt) {
        return signedIn(request.user, request.sessionExpireAt);
      }
      // The access token is gone or stale but the refresh token may still be good: renew quietly.
      const refresh = request.cookies[app.session.refreshCookie];
      if (refresh) {
        const renewed = await applyRefresh(
          reply,
          await refreshSession(app.db, app.session.accessKey, refresh, app.clock()),
        );
        if (renewed) return renewed;
      }
      return { isLogged: false, expireAt: null, userName: null, isStaff: false };
    },
  );

  app.post(
    '/v1/openid/token',
    {
      config: { rateLimit: FLOW_LIMIT },
      schema: {
        operationId: 'refreshToken',
        security: REFRESH_SESSION,
        tags: TAGS,
        summary: 'Обновить токен доступа (refresh token из cookie)',
        consumes: ['application/x-www-form-urlencoded'],
        body: TokenForm,
        response: { 200: Type.Ref('AuthInfo'), 400: ProblemRef, 401: ProblemRef, 429: ProblemRef },
      },
    },
    async (request, reply) => {
      const refresh = request.cookies[app.session.refreshCookie];
      if (!refresh) throw unauthorized(INVALID_TOKEN_TITLE);
      const result = await refreshSession(app.db, app.session.accessKey, refresh, app.clock());
      const renewed = await applyRefresh(reply, result);
      if (!renewed) {
        if (!result.ok && result.reason === 'reused') request.log.warn('refresh token reused: session family revoked');
        throw unauthorized(INVALID_TOKEN_TITLE);
      }
      return renewed;
    },
  );

  app.get(
    '/v1/esia/personalinfo',
    {
      config: { signIn: true },
      schema: {
        operationId: 'getPersonalInfo',
        tags: TAGS,
        summary: 'Данные пользователя из Госуслуг для заполнения заявки',
        response: { 200: Type.Ref('PersonalInfo'), 401: ProblemRef },
      },
    },
    async (request) => {
      const info = request.user ? await personalInfo(app.db, request.user.userId) : null;
      if (!info) throw unauthorized(INVALID_TOKEN_TITLE);
      return info;
    },
  );

  app.get(
    '/v1/esia/logout',
    {
      schema: {
        operationId: 'esiaLogout',
        tags: TAGS,
        summary: 'Выйти с сайта и из ЕСИА',
        description:
          'Переход с другого сайта (Sec-Fetch-Site: cross-site или same-site) не завершает сеанс: в ответ страница «Выйти из личного кабинета?» с кнопкой, которая ведёт сюда же с этого сайта.',
        querystring: ReturnUrlQuery,
        response: {
          200: {
            description: 'Страница подтверждения выхода (переход с другого сайта)',
            content: { 'text/html': { schema: Type.String() } },
          },
          302: RedirectResponse,
          400: ProblemRef,
        },
      },
    },
    async (request: FastifyRequest<{ Querystring: { returnUrl?: string } }>, reply) => {
      const origin = app.siteOrigin(request);
      const returnPath = safeReturnPath(request.query.returnUrl, origin);
      // Any page may link here: a navigation another site started asks first instead of signing the
      // visitor out (issue 35). The button is a navigation from this site (Sec-Fetch-Site: same-origin),
      // which no other site can make, and the page cannot be framed (the API's headers), so it needs no token.
      // A typed or bookmarked address (`none`) and browsers that send no Fetch Metadata sign out as before.
      const fetchSite = request.headers['sec-fetch-site'];
      if (fetchSite === 'cross-site' || fetchSite === 'same-site') {
        return reply.code(200).type('text/html; charset=utf-8').send(logoutConfirmPage(returnPath));
      }
      const refresh = request.cookies[app.session.refreshCookie];
      const familyId = request.sessionFamilyId ?? (refresh ? await familyOfRefreshToken(app.db, refresh) : null);
      if (familyId) {
        await endSession(app.db, familyId, app.clock());
        await app.session.familyRevoked(familyId);
      }
      app.session.clearCookies(reply);
      reply.clearCookie(backCookie, cookieBase);
      if (!app.esia) return reply.redirect(returnPath);
      const { browserBase } = app.esia.endpoints(request);
      return reply.redirect(app.esia.adapter.logoutUrl(browserBase, `${origin}${returnPath}`));
    },
  );
};

export default esiaRoutes;
