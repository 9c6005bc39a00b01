import { describe, expect, it } from 'vitest';
import { createHttpGoskey, GoskeyRefused, GoskeyUnavailable } from './goskey';

/** A Госключ that answers from a table, counting the calls of each path. */
function fakeGoskey(answer: (path: string, auth: string | undefined) => { status: number; body: unknown }) {
  const calls: string[] = [];
  const fetch = async (url: string, init?: RequestInit) => {
    const path = new URL(url, 'http://goskey').pathname;
    calls.push(path);
    const { status, body } = answer(path, (init?.headers as Record<string, string>)?.authorization);
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
  };
  return { calls, fetch };
}

const signer = { sign: async (data: string) => Buffer.from(data).toString('base64url') };
const token = { status: 200, body: { access_token: 'T1', token_type: 'Bearer', expires_in: 3600 } };
const pending = { status: 200, body: { status: 'pending', documents: [{ signature: null }] } };

describe('the Госключ adapter', () => {
  it('asks for one token for calls made at once, and again once the other side forgets it', async () => {
    let known = 'T1';
    const fake = fakeGoskey((path, auth) => {
      if (path === '/api/v1/token') return { ...token, body: { ...token.body, access_token: known } };
      return auth === `Bearer ${known}` ? pending : { status: 401, body: { error: 'invalid-token' } };
    });
    const goskey = createHttpGoskey({ baseUrl: '', apiKey: 'k', signer, fetch: fake.fetch });
    await Promise.all([goskey.status('a'), goskey.status('b'), goskey.status('c')]);
    expect(fake.calls.filter((p) => p === '/api/v1/token')).toHaveLength(1);
    known = 'T2';
    expect((await goskey.status('a')).status).toBe('pending');
    expect(fake.calls.filter((p) => p === '/api/v1/token')).toHaveLength(2);
  });

  it('tells a refusal (try again will not help) from an outage (try again later)', async () => {
    const refusing = fakeGoskey((path) =>
      path === '/api/v1/token' ? token : { status: 404, body: { error: 'unknown-recipient', message: 'нет такого' } },
    );
    const goskey = createHttpGoskey({ baseUrl: '', apiKey: 'k', signer, fetch: refusing.fetch });
    const request = {
      recipientOid: '1',
      title: 't',
      document: { name: 'a.pdf', content: Buffer.from('x') },
      ttlMinutes: 15,
    };
    await expect(goskey.send(request)).rejects.toBeInstanceOf(GoskeyRefused);
    await expect(goskey.status('x')).rejects.toBeInstanceOf(GoskeyRefused);
    const broken = fakeGoskey((path) => (path === '/api/v1/token' ? token : { status: 200, body: '<html>' }));
    const down = createHttpGoskey({ baseUrl: '', apiKey: 'k', signer, fetch: broken.fetch });
    await expect(down.status('x')).rejects.toBeInstanceOf(GoskeyUnavailable);
    const noToken = fakeGoskey(() => ({
      status: 401,
      body: { error: 'invalid-signature', message: 'Подпись запроса неверна' },
    }));
    await expect(
      createHttpGoskey({ baseUrl: '', apiKey: 'k', signer, fetch: noToken.fetch }).status('x'),
    ).rejects.toThrow(/Подпись запроса неверна/);
  });
});
