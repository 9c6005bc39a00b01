import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAuthQueryOptions, loginUrl, REFRESH_BEFORE_MS, refreshDelay, refreshSession } from './api';

describe('refresh timing', () => {
  it('is due one minute before the access token expires, and at once when that has passed', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(refreshDelay('2026-11-22T12:15:00Z', now)).toBe(15 * 60_000 - REFRESH_BEFORE_MS);
    expect(refreshDelay('2026-11-22T12:00:30Z', now)).toBe(0);
    expect(refreshDelay('2026-11-22T11:00:00Z', now)).toBe(0);
  });
});

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('../../lib/api', () => ({ api }));

describe('refreshSession', () => {
  afterEach(() => {
    api.get.mockReset();
    api.post.mockReset();
  });

  it('sends one form POST for refreshes asked at once, and stores the answer', async () => {
    const auth = { isLogged: true, expireAt: '2026-11-22T12:30:00Z', userName: 'Иванов Иван Иванович' };
    let answer: (value: typeof auth) => void = () => undefined;
    api.post.mockReturnValue(new Promise((done) => (answer = done)));
    const client = new QueryClient();
    const both = Promise.all([refreshSession(client), refreshSession(client)]);
    answer(auth);
    expect(await both).toEqual([auth, auth]);
    expect(api.post).toHaveBeenCalledTimes(1);
    expect(api.post).toHaveBeenCalledWith('/api/v1/openid/token', { form: { grant_type: 'refresh_token' } });
    expect(client.getQueryData(getAuthQueryOptions().queryKey)).toEqual(auth);
  });

  it('asks userinfo again when the refresh is refused (another tab may have renewed already)', async () => {
    const after = { isLogged: true, expireAt: '2026-11-22T12:30:00Z', userName: 'Петрова Анна Сергеевна' };
    api.post.mockRejectedValue(new Error('401'));
    api.get.mockResolvedValue(after);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    expect(await refreshSession(client)).toEqual(after);
    expect(api.get).toHaveBeenCalledWith('/api/v1/esia/userinfo');
    // A later refresh is a new request, not the finished one.
    api.post.mockResolvedValue(after);
    await refreshSession(client);
    expect(api.post).toHaveBeenCalledTimes(2);
  });
});

describe('loginUrl', () => {
  it('carries the current address, encoded', () => {
    expect(loginUrl('/account/79161234567/orders/2?x=1#top')).toBe(
      '/api/v1/esia/login?returnUrl=%2Faccount%2F79161234567%2Forders%2F2%3Fx%3D1%23top',
    );
  });

  it('names the page left for sign-in when it is not the one to come back to', () => {
    expect(loginUrl('/portation/24/tariffs', '/portation/init?op=mts')).toBe(
      '/api/v1/esia/login?returnUrl=%2Fportation%2F24%2Ftariffs&from=%2Fportation%2Finit%3Fop%3Dmts',
    );
    expect(loginUrl('/check', '/check')).toBe('/api/v1/esia/login?returnUrl=%2Fcheck');
  });
});
