import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signIn } from '../../test/lookup';
import { createSecondNode, createTestApp, TEST_REDIS_URL, type TestApp, uniqueRedisPrefix } from '../test/app';
import { VerifiedTokens } from './session-cache';

const userinfo = (t: TestApp, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/v1/esia/userinfo', headers }).then((r) => r.json().isLogged as boolean);
const logout = (t: TestApp, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/v1/esia/logout', headers });

describe('a session seen by several nodes', () => {
  let a: TestApp;
  let b: TestApp;
  let c: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ redisUrl: TEST_REDIS_URL, redisPrefix: uniqueRedisPrefix() }, 'reference');
    b = await createSecondNode(a);
    // A node without Redis trusts its remembered answer for a short, configured time only.
    c = await createSecondNode(a, { redisUrl: undefined, sessionCacheMs: 300 });
  });
  afterAll(async () => {
    await c.close();
    await b.close();
    await a.close();
  });

  it('a sign-out on one node ends the session on the others: at once with Redis, within the cache time without', async () => {
    const headers = await signIn(a);
    for (const node of [a, b, c]) expect(await userinfo(node, headers)).toBe(true);
    expect((await logout(a, headers)).statusCode).toBe(302);
    expect(await userinfo(a, headers)).toBe(false);
    // Redis carried the revocation: the next request on the other node is already anonymous.
    await vi.waitFor(async () => expect(await userinfo(b, headers)).toBe(false), { timeout: 500, interval: 5 });
    await vi.waitFor(async () => expect(await userinfo(c, headers)).toBe(false), { timeout: 2000, interval: 50 });
    const account = await b.app.inject({ method: 'GET', url: '/api/v1/account/info', headers });
    expect(account.statusCode).toBe(401);
    expect(account.json().title).toBe('Некорректный JWT токен');
  });

  it('remembers an active family: the database is asked once per cache time, not per request', async () => {
    const headers = await signIn(a);
    expect(await userinfo(b, headers)).toBe(true);
    expect(await userinfo(c, headers)).toBe(true);
    // Revoked behind the nodes' backs (no message): both still answer from memory…
    await a.app.db.execute(sql`update session_families set revoked_at = now() where revoked_at is null`);
    expect(await userinfo(b, headers)).toBe(true);
    expect(await userinfo(c, headers)).toBe(true);
    // …and the node with the short memory asks again once it runs out.
    await vi.waitFor(async () => expect(await userinfo(c, headers)).toBe(false), { timeout: 2000, interval: 50 });
  });
});

describe('verified access tokens', () => {
  it('checks a token once, reuses its claims until it expires, and never remembers a refused one', async () => {
    const checked: string[] = [];
    const tokens = new VerifiedTokens(async (token: string) => {
      checked.push(token);
      return token.startsWith('good') ? { expireAt: new Date(1_000_000) } : null;
    });
    expect(await tokens.verify('good-1', 0)).toEqual({ expireAt: new Date(1_000_000) });
    expect(await tokens.verify('good-1', 999_999)).toEqual({ expireAt: new Date(1_000_000) });
    expect(await tokens.verify('forged', 0)).toBeNull();
    expect(await tokens.verify('forged', 0)).toBeNull();
    expect(checked).toEqual(['good-1', 'forged', 'forged']);
    // Past its expiry the remembered claims are gone and the token is checked again.
    await tokens.verify('good-1', 1_000_000);
    expect(checked).toEqual(['good-1', 'forged', 'forged', 'good-1']);
  });
});
