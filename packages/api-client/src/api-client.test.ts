import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { buildOperationTable } from '../scripts/codegen.mjs';
import type { paths as FixturePaths } from './generated/fixture-schema';
import {
  ApiError,
  CATALOGUE_MESSAGES,
  createApiClient,
  type DownloadedFile,
  type LocalAnswer,
  type LocalCall,
  type Schemas,
  UNEXPECTED_ERROR_MESSAGE,
} from './index';
import { fixtureCatalogue, fixtureDocument } from './testing/fixture-document';

const BASE_URL = 'http://api.test';
const fixtureOperations = buildOperationTable(fixtureDocument, fixtureCatalogue);

type Respond = (request: Request) => Response | Promise<Response>;

/** A fake fetch (the HTTP boundary) that records every request it receives. */
function fakeFetch(respond: Respond) {
  const requests: Request[] = [];
  const fetch = vi.fn<typeof globalThis.fetch>(async (input) => {
    if (!(input instanceof Request)) throw new Error('openapi-fetch always passes a Request');
    requests.push(input);
    return respond(input);
  });
  return { fetch, requests };
}

/** A client over the fixture document. */
function fixtureClient(respond: Respond, headers?: Record<string, string> | (() => Record<string, string>)) {
  const fake = fakeFetch(respond);
  const api = createApiClient<FixturePaths>({
    baseUrl: BASE_URL,
    fetch: fake.fetch,
    operations: fixtureOperations,
    ...(headers ? { headers } : {}),
  });
  return { api, ...fake };
}

/** A client over the real generated API. */
function realClient(respond: Respond) {
  const fake = fakeFetch(respond);
  return { api: createApiClient({ baseUrl: BASE_URL, fetch: fake.fetch }), ...fake };
}

const jsonResponse = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

async function apiError(promise: Promise<unknown>): Promise<ApiError> {
  const error = await rejection(promise);
  if (!(error instanceof ApiError)) throw error;
  return error;
}

const problem = (status: number, title: string) => ({
  type: 'about:blank',
  title,
  status,
  errors: { Msisdn: ['Неверный номер'] },
  requestId: 'req-1',
});

describe('success results', () => {
  it('200 resolves to the parsed JSON body (real operation, path param encoded)', async () => {
    const operator = { slug: 'mts', name: 'МТС' };
    const { api, requests } = realClient(() => jsonResponse(200, operator));
    const result = await api.get('/api/v1/operator/{slug}', { path: { slug: 'mts x' } });
    expect(result).toEqual(operator);
    expect(requests[0]?.method).toBe('GET');
    expect(requests[0]?.url).toBe(`${BASE_URL}/api/v1/operator/mts%20x`);
    expect(requests[0]?.credentials).toBe('same-origin');
    expectTypeOf(result).toEqualTypeOf<Schemas['OperatorDetail'] | null>();
  });

  it('sends required query parameters with their document names (real operation)', async () => {
    const { api, requests } = realClient(() => jsonResponse(200, { items: [], total: 0 }));
    await api.get('/api/v1/operator/list', { query: { Skip: 0, Take: 10, SortBy: 'name', SortDesc: false } });
    expect(requests[0]?.url).toBe(`${BASE_URL}/api/v1/operator/list?Skip=0&Take=10&SortBy=name&SortDesc=false`);
  });

  it('204 resolves to null', async () => {
    const { api } = fixtureClient(() => new Response(null, { status: 204 }));
    expect(await api.post('/api/v1.1/msisdn/info/quota', { body: {} })).toBeNull();
  });

  it.each([201, 202])('%i resolves to null even with a JSON body', async (status) => {
    const { api } = fixtureClient(() => jsonResponse(status, { id: 1 }));
    expect(await api.post('/api/v1.1/msisdn/info/quota', { body: { limit: 5 } })).toBeNull();
  });

  it('200 with an empty body resolves to null', async () => {
    const { api } = fixtureClient(() => new Response('', { status: 200 }));
    expect(await api.get('/api/v1/ping')).toBeNull();
  });

  it('200 with a body that is not JSON is an unexpected error', async () => {
    const { api } = fixtureClient(() => new Response('<html>', { status: 200 }));
    const error = await apiError(api.get('/api/v1/ping'));
    expect(error.message).toBe(UNEXPECTED_ERROR_MESSAGE);
    expect(error).toMatchObject({ status: 200, response: '<html>', result: null });
  });
});

describe('error results', () => {
  it.each([
    [400, 'Ошибка валидации'],
    [401, 'Некорректный JWT токен'],
    [404, 'Запись не найдена'],
  ] as const)(
    'catalogued %i throws ApiError "%s" with status, text, headers and parsed body',
    async (status, message) => {
      const body = problem(status, message);
      const { api } = fixtureClient(() => jsonResponse(status, body, { 'X-Request-Id': 'req-1' }));
      const error = await apiError(api.post('/api/v1.1/msisdn/info/quota', { body: {} }));
      expect(error).toBeInstanceOf(Error);
      expect(error.name).toBe('ApiError');
      expect(error.message).toBe(message);
      expect(CATALOGUE_MESSAGES[status]).toBe(message);
      expect(error.status).toBe(status);
      expect(error.response).toBe(JSON.stringify(body));
      expect(error.headers).toMatchObject({ 'content-type': 'application/json', 'x-request-id': 'req-1' });
      expect(error.result).toEqual(body);
    },
  );

  it('a non-JSON error body is kept as text, with a null result', async () => {
    const { api } = fixtureClient(() => new Response('Bad Gateway of sorts', { status: 400 }));
    const error = await apiError(api.get('/api/v1.1/msisdn/info', { query: { Msisdn: '79990000000' } }));
    expect(error.message).toBe(CATALOGUE_MESSAGES[400]);
    expect(error.response).toBe('Bad Gateway of sorts');
    expect(error.result).toBeNull();
  });

  it('follows the catalogue, not the documented responses', async () => {
    const { api } = fixtureClient((request) =>
      request.method === 'GET' ? jsonResponse(401, problem(401, 'x')) : jsonResponse(400, problem(400, 'x')),
    );
    // Documents no 401, catalogued for it.
    expect((await apiError(api.get('/api/v1/ping'))).message).toBe(CATALOGUE_MESSAGES[401]);
    // Documents 400, not catalogued for it.
    const put = api.put('/api/v1/item/{id}', { path: { id: 1 }, body: { name: 'x' } });
    expect((await apiError(put)).message).toBe(UNEXPECTED_ERROR_MESSAGE);
  });

  // The catalogue of docs/product.md §8, call by call, on the real client.
  it.each([
    [401, 'get', '/api/v1/esia/userinfo', {}, CATALOGUE_MESSAGES[401]],
    [401, 'get', '/api/v1/account/info', {}, CATALOGUE_MESSAGES[401]],
    [401, 'post', '/api/v1.1/msisdn/info/batch', { multipart: { File: new Blob(['x']) } }, CATALOGUE_MESSAGES[401]],
    [401, 'get', '/api/v1/order/portation/{id}', { path: { id: '1' } }, CATALOGUE_MESSAGES[401]],
    [400, 'get', '/api/v1/news', { query: { Page: 1, PageSize: 10 } }, CATALOGUE_MESSAGES[400]],
    [
      400,
      'get',
      '/api/v2/tariff/list',
      { query: { QueryType: 'Package', RegionSlug: 'moskva' } },
      CATALOGUE_MESSAGES[400],
    ],
    [400, 'post', '/api/v1/order/portation/init', { body: {} }, CATALOGUE_MESSAGES[400]],
    [404, 'get', '/api/v1/news/{slug}', { path: { slug: 'x' } }, CATALOGUE_MESSAGES[404]],
    [404, 'get', '/api/v2/tariff/{id}', { path: { id: 1 } }, CATALOGUE_MESSAGES[404]],
    [404, 'get', '/api/v1.2/tariff', { query: { Name: 'x', OperatorId: 1, RegionCode: 77 } }, CATALOGUE_MESSAGES[404]],
    // The catalogue does not list these: the generic message.
    [400, 'get', '/api/v2/tariff/{id}', { path: { id: 1 } }, UNEXPECTED_ERROR_MESSAGE],
    [400, 'get', '/api/v2/tariff/filters', { query: { RegionSlug: 'moskva' } }, UNEXPECTED_ERROR_MESSAGE],
    [400, 'post', '/api/v1.1/msisdn/info/single', { body: { msisdn: '79990000000' } }, UNEXPECTED_ERROR_MESSAGE],
    [400, 'post', '/api/v1/feedback/send', { body: {} }, UNEXPECTED_ERROR_MESSAGE],
    [
      404,
      'get',
      '/api/v1/account/portationinfo',
      { query: { Msisdn: '7', PortationId: '1' } },
      UNEXPECTED_ERROR_MESSAGE,
    ],
    [400, 'get', '/api/v1/account/orders', { query: { Msisdn: '7' } }, UNEXPECTED_ERROR_MESSAGE],
    [404, 'put', '/api/v1/order/portation/{id}', { path: { id: '1' }, body: {} }, UNEXPECTED_ERROR_MESSAGE],
  ] as const)('product.md §8: %i on %s %s gives "%s"', async (status, method, path, params, message) => {
    const { api } = realClient(() => jsonResponse(status, problem(status, 'x')));
    const loose = api as unknown as Record<string, (path: string, params: object) => Promise<unknown>>;
    const call = loose[method];
    if (!call) throw new Error(method);
    expect((await apiError(call(path, params))).message).toBe(message);
  });

  it('401 on an operation that does not declare 401 is unexpected (real operation)', async () => {
    const { api } = realClient(() => jsonResponse(401, problem(401, 'Некорректный JWT токен')));
    const error = await apiError(api.get('/api/v1/operator/{slug}', { path: { slug: 'mts' } }));
    expect(error.message).toBe(UNEXPECTED_ERROR_MESSAGE);
    expect(error.status).toBe(401);
    expect(error.result).toEqual(problem(401, 'Некорректный JWT токен'));
  });

  it('400 on an operation that declares only 404 is unexpected', async () => {
    const { api } = fixtureClient(() => jsonResponse(400, problem(400, 'Ошибка валидации')));
    const error = await apiError(api.get('/api/v1/item/{id}', { path: { id: 1 } }));
    expect(error.message).toBe(UNEXPECTED_ERROR_MESSAGE);
  });

  it.each([500, 503])('%i is unexpected, with the response attached', async (status) => {
    const { api } = fixtureClient(() => new Response('upstream down', { status, headers: { 'Retry-After': '5' } }));
    const error = await apiError(api.post('/api/v1.1/msisdn/info/quota', { body: {} }));
    expect(error.message).toBe(UNEXPECTED_ERROR_MESSAGE);
    expect(error).toMatchObject({ status, response: 'upstream down', result: null });
    expect(error.headers['retry-after']).toBe('5');
  });

  it('an empty error body gives an empty response text and a null result', async () => {
    const { api } = fixtureClient(() => new Response(null, { status: 404 }));
    const error = await apiError(api.delete('/api/v1/item/{id}', { path: { id: 7 } }));
    expect(error).toMatchObject({ message: CATALOGUE_MESSAGES[404], status: 404, response: '', result: null });
  });

  it('a network failure propagates unchanged', async () => {
    const { api } = fixtureClient(() => {
      throw new TypeError('fetch failed');
    });
    await expect(api.get('/api/v1/ping')).rejects.toThrow(new TypeError('fetch failed'));
  });
});

describe('missing required parameters', () => {
  const neverCalled = () => fixtureClient(() => jsonResponse(200, {}));
  const message = (name: string) => `The parameter ${name} must be defined and cannot be null.`;

  it.each([undefined, null])('path parameter %s', async (value) => {
    const { api, fetch } = neverCalled();
    // @ts-expect-error: the types forbid a missing path parameter; the runtime must too.
    await expect(api.get('/api/v1/item/{id}', { path: { id: value } })).rejects.toThrow(message('id'));
    expect(fetch).not.toHaveBeenCalled();
  });

  it.each([undefined, null])('query parameter %s (Msisdn → msisdn)', async (value) => {
    const { api, fetch } = neverCalled();
    // @ts-expect-error: Msisdn is required.
    await expect(api.get('/api/v1.1/msisdn/info', { query: { Msisdn: value } })).rejects.toThrow(message('msisdn'));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('query parameter of a real operation (RegionCode → regionCode)', async () => {
    const { api, fetch } = realClient(() => jsonResponse(200, {}));
    // @ts-expect-error: RegionCode is required.
    const call = api.get('/api/v1.4/tariff/list', { query: { Skip: 0 } });
    await expect(call).rejects.toThrow(message('regionCode'));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('parameters with a default may be left out (real operations)', async () => {
    const { api, requests } = realClient(() => jsonResponse(200, {}));
    await api.get('/api/v1.4/tariff/list', { query: { RegionCode: 77 } });
    await api.get('/api/v2/tariff/list', { query: { QueryType: 'Package', RegionSlug: 'moskva' } });
    await api.get('/api/v1/operator/list');
    expect(requests.map((r) => r.url)).toEqual([
      `${BASE_URL}/api/v1.4/tariff/list?RegionCode=77`,
      `${BASE_URL}/api/v2/tariff/list?QueryType=Package&RegionSlug=moskva`,
      `${BASE_URL}/api/v1/operator/list`,
    ]);
  });

  it('the whole params argument', async () => {
    const { api, fetch } = neverCalled();
    // @ts-expect-error: the argument is required when a parameter is.
    await expect(api.get('/api/v1.1/msisdn/info')).rejects.toThrow(message('msisdn'));
    expect(fetch).not.toHaveBeenCalled();
  });

  it.each([undefined, null])('JSON body %s', async (value) => {
    const { api, fetch } = neverCalled();
    // @ts-expect-error: the body is required.
    await expect(api.post('/api/v1.1/msisdn/info/quota', { body: value })).rejects.toThrow(message('body'));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('multipart field (File → file), and the whole multipart body', async () => {
    const { api, fetch } = neverCalled();
    // @ts-expect-error: File is required.
    await expect(api.post('/api/v1.1/msisdn/info/batch', { multipart: { Comment: 'x' } })).rejects.toThrow(
      message('file'),
    );
    // @ts-expect-error: the multipart body is required.
    await expect(api.post('/api/v1.1/msisdn/info/batch', {})).rejects.toThrow(message('file'));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('form field', async () => {
    const { api, fetch } = neverCalled();
    // @ts-expect-error: grant_type is required.
    await expect(api.post('/api/v1/openid/token', { form: { grant_type: null } })).rejects.toThrow(
      message('grant_type'),
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('an optional query parameter may be omitted but not null', async () => {
    const { api, fetch, requests } = fixtureClient(() => jsonResponse(200, { operator: 'mts' }));
    await api.get('/api/v1.1/msisdn/info', { query: { Msisdn: '79990000000', Region: undefined } });
    expect(requests[0]?.url).toBe(`${BASE_URL}/api/v1.1/msisdn/info?Msisdn=79990000000`);
    fetch.mockClear();
    // @ts-expect-error: null is not a value of an optional parameter.
    const call = api.get('/api/v1.1/msisdn/info', { query: { Msisdn: '79990000000', Region: null } });
    await expect(call).rejects.toThrow(message('region'));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('an optional body may be omitted', async () => {
    const { api, requests } = fixtureClient(() => new Response('a;b\n', { status: 200 }));
    await api.download('post', '/api/v1/report/export');
    expect(requests[0]?.headers.get('Content-Type')).toBeNull();
  });
});

describe('requests', () => {
  it('repeats the key of an array query parameter', async () => {
    const { api, requests } = fixtureClient(() => jsonResponse(200, { operator: 'mts' }));
    await api.get('/api/v1.1/msisdn/info', { query: { Msisdn: '+7 999', OperatorId: [1, 2] } });
    expect(requests[0]?.url).toBe(`${BASE_URL}/api/v1.1/msisdn/info?Msisdn=%2B7%20999&OperatorId=1&OperatorId=2`);
  });

  it('sends a JSON body with its content type', async () => {
    const { api, requests } = fixtureClient(() => jsonResponse(200, { left: 3 }));
    const result = await api.post('/api/v1.1/msisdn/info/quota', { body: { limit: 5 } });
    expect(result).toEqual({ left: 3 });
    expectTypeOf(result).toEqualTypeOf<{ left?: number } | null>();
    expect(requests[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(await requests[0]?.text()).toBe('{"limit":5}');
  });

  it('sends a form body URL-encoded', async () => {
    const { api, requests } = fixtureClient(() => jsonResponse(200, { access_token: 't' }));
    await api.post('/api/v1/openid/token', { form: { grant_type: 'refresh_token', refresh_token: 'a b&c' } });
    expect(requests[0]?.headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(await requests[0]?.text()).toBe('grant_type=refresh_token&refresh_token=a+b%26c');
  });

  it('sends a multipart body with the file and its name', async () => {
    const { api, requests } = fixtureClient(() => new Response(null, { status: 202 }));
    const file = new File(['79990000000\n'], 'numbers.csv', { type: 'text/csv' });
    expect(await api.post('/api/v1.1/msisdn/info/batch', { multipart: { File: file, Comment: 'пакет' } })).toBeNull();
    const request = requests[0];
    expect(request?.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    const form = await request?.formData();
    const sent = form?.get('File');
    expect(sent).toBeInstanceOf(File);
    expect(sent instanceof File ? [sent.name, await sent.text()] : []).toEqual(['numbers.csv', '79990000000\n']);
    expect(form?.get('Comment')).toBe('пакет');
  });

  it.each(['post', 'put', 'delete'] as const)('%s sends X-Requested-With for the CSRF defence', async (method) => {
    // Even a caller-supplied value is replaced: the header is the defence, not a preference.
    const { api, requests } = fixtureClient(() => new Response(null, { status: 204 }), { 'X-Requested-With': 'nope' });
    if (method === 'post') await api.post('/api/v1.1/msisdn/info/quota', { body: {} });
    if (method === 'put') await api.put('/api/v1/item/{id}', { path: { id: 1 }, body: { name: 'x' } });
    if (method === 'delete') await api.delete('/api/v1/item/{id}', { path: { id: 1 } });
    expect(requests[0]?.method).toBe(method.toUpperCase());
    expect(requests[0]?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
  });

  it('GET does not send X-Requested-With, and sends same-origin credentials', async () => {
    const { api, requests } = fixtureClient(() => jsonResponse(200, 'pong'));
    await api.get('/api/v1/ping');
    expect(requests[0]?.headers.get('X-Requested-With')).toBeNull();
    expect(requests[0]?.credentials).toBe('same-origin');
  });

  it('adds static headers, and calls a headers function for every request', async () => {
    let token = 0;
    const { api, requests } = fixtureClient(
      () => jsonResponse(200, 'pong'),
      () => ({
        Authorization: `Bearer ${++token}`,
      }),
    );
    await api.get('/api/v1/ping');
    await api.get('/api/v1/ping');
    expect(requests.map((r) => r.headers.get('Authorization'))).toEqual(['Bearer 1', 'Bearer 2']);

    const fixed = fixtureClient(() => jsonResponse(200, 'pong'), { 'Accept-Language': 'ru' });
    await fixed.api.get('/api/v1/ping');
    expect(fixed.requests[0]?.headers.get('Accept-Language')).toBe('ru');
  });

  it('sets no timeout: no AbortSignal.timeout, no timer, no aborted signal', async () => {
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    const timer = vi.spyOn(globalThis, 'setTimeout');
    try {
      const { api, requests } = fixtureClient(() => jsonResponse(200, 'pong'));
      await api.get('/api/v1/ping');
      expect(timeout).not.toHaveBeenCalled();
      expect(timer).not.toHaveBeenCalled();
      expect(requests[0]?.signal.aborted).toBe(false);
    } finally {
      timeout.mockRestore();
      timer.mockRestore();
    }
  });
});

describe('download', () => {
  it('returns the file with its Content-Disposition name', async () => {
    const { api, requests } = fixtureClient(
      () =>
        new Response('a;b\n1;2\n', {
          status: 200,
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="report 2024.csv"' },
        }),
    );
    const file: DownloadedFile = await api.download('get', '/api/v1/report/{id}/file', { path: { id: 3 } });
    expect(requests[0]?.url).toBe(`${BASE_URL}/api/v1/report/3/file`);
    expect(file.fileName).toBe('report 2024.csv');
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv');
    expect(file.data.type).toBe('text/csv');
    expect(await file.data.text()).toBe('a;b\n1;2\n');
  });

  it("prefers the RFC 5987 filename*=UTF-8''… name (Russian)", async () => {
    const disposition = `attachment; filename="otchet.csv"; filename*=UTF-8''${encodeURIComponent('Отчёт за май.csv')}`;
    const { api, requests } = fixtureClient(
      () => new Response('x', { status: 200, headers: { 'Content-Disposition': disposition } }),
    );
    const file = await api.download('post', '/api/v1/report/export', { body: { year: 2024 } });
    expect(file.fileName).toBe('Отчёт за май.csv');
    expect(requests[0]?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
  });

  it('has no file name without Content-Disposition, and throws ApiError like other calls', async () => {
    const plain = fixtureClient(() => new Response('x', { status: 200 }));
    expect((await plain.api.download('get', '/api/v1/report/{id}/file', { path: { id: 1 } })).fileName).toBeUndefined();

    const missing = fixtureClient(() => jsonResponse(404, problem(404, 'Запись не найдена')));
    const error = await apiError(missing.api.download('get', '/api/v1/report/{id}/file', { path: { id: 1 } }));
    expect(error.message).toBe(CATALOGUE_MESSAGES[404]);
    // @ts-expect-error: the path parameter is required for downloads too.
    await expect(missing.api.download('get', '/api/v1/report/{id}/file')).rejects.toThrow('The parameter id');
  });
});

describe('types', () => {
  it('makes the argument optional only when nothing is required', () => {
    const api = createApiClient({ baseUrl: BASE_URL, fetch: vi.fn<typeof globalThis.fetch>() });
    // Never called: the calls below are checked by tsc only.
    const typeChecks = () => [
      api.get('/api/v1/region/list'),
      api.get('/api/v1/region/operators', { query: { RegionCode: 77 } }),
      // @ts-expect-error: slug is required.
      api.get('/api/v1/operator/{slug}'),
      // @ts-expect-error: the path does not exist.
      api.get('/api/v1/nope'),
      // @ts-expect-error: there is no POST on this path.
      api.post('/api/v1/region/list'),
    ];
    expectTypeOf(typeChecks).returns.items.resolves.not.toBeAny();
  });
});

describe('the local transport (a server drawing a page from its own routes)', () => {
  /** The same client over fetch and over `local`, answering alike; records what each was given. */
  function both(respond: (url: string) => { status: number; body: string; type?: string }) {
    const overFetch = fakeFetch(async (request) => {
      const answer = respond(request.url);
      return new Response(answer.status === 204 ? null : answer.body, {
        status: answer.status,
        headers: answer.type ? { 'Content-Type': answer.type } : {},
      });
    });
    const calls: LocalCall[] = [];
    const local = async (call: LocalCall): Promise<LocalAnswer> => {
      calls.push(call);
      const answer = respond(call.url);
      return { status: answer.status, body: answer.body, headers: answer.type ? { 'content-type': answer.type } : {} };
    };
    const options = { baseUrl: BASE_URL, operations: fixtureOperations, headers: { 'X-Site': 'perenos' } };
    return {
      viaFetch: createApiClient<FixturePaths>({ ...options, fetch: overFetch.fetch }),
      viaLocal: createApiClient<FixturePaths>({ ...options, local }),
      requests: overFetch.requests,
      calls,
    };
  }
  const lowerCased = (headers: Record<string, string>) =>
    Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));

  it('sends the address, method, headers and body fetch would have sent', async () => {
    const { viaFetch, viaLocal, requests, calls } = both(() => ({ status: 200, body: '{}', type: 'application/json' }));
    const made = [
      (api: typeof viaFetch) =>
        api.get('/api/v1.1/msisdn/info', { query: { Msisdn: '7 916 123', OperatorId: [1, 2] } }),
      (api: typeof viaFetch) => api.get('/api/v1/item/{id}', { path: { id: 7 } }),
      (api: typeof viaFetch) => api.post('/api/v1.1/msisdn/info/quota', { body: { limit: 5 } }),
      (api: typeof viaFetch) =>
        api.post('/api/v1/openid/token', { form: { grant_type: 'refresh token', refresh_token: 'ё a b+c&d' } }),
      (api: typeof viaFetch) => api.delete('/api/v1/item/{id}', { path: { id: 8 } }),
    ];
    for (const make of made) {
      await make(viaFetch);
      await make(viaLocal);
    }
    expect(calls).toHaveLength(made.length);
    for (const [i, call] of calls.entries()) {
      const request = requests[i] as Request;
      expect(call.url).toBe(request.url);
      expect(call.method).toBe(request.method);
      const sent: Record<string, string> = {};
      request.headers.forEach((value, name) => {
        sent[name] = value;
      });
      expect(lowerCased(call.headers)).toEqual(sent);
      expect(call.body ?? '').toBe(await request.text());
    }
  });

  it.each([
    ['200 with JSON', { status: 200, body: '{"a":[1,"б"]}', type: 'application/json' }],
    ['204', { status: 204, body: '' }],
    ['201 with a body', { status: 201, body: '{"id":1}', type: 'application/json' }],
    ['200 empty', { status: 200, body: '' }],
  ] as const)('resolves %s as fetch does', async (_, answer) => {
    const { viaFetch, viaLocal } = both(() => answer);
    expect(await viaLocal.get('/api/v1/ping')).toEqual(await viaFetch.get('/api/v1/ping'));
  });

  it.each([
    [
      'a catalogued status',
      { status: 404, body: JSON.stringify(problem(404, 'Нет')), type: 'application/problem+json' },
    ],
    ['an uncatalogued status', { status: 500, body: 'упало', type: 'text/plain' }],
    ['200 that is not JSON', { status: 200, body: '<html>', type: 'text/html' }],
  ] as const)('fails on %s with the error fetch gives', async (_, answer) => {
    const { viaFetch, viaLocal } = both(() => answer);
    const local = await apiError(viaLocal.get('/api/v1/item/{id}', { path: { id: 1 } }));
    const fetched = await apiError(viaFetch.get('/api/v1/item/{id}', { path: { id: 1 } }));
    expect(local.message).toBe(fetched.message);
    expect(local).toMatchObject({
      status: fetched.status,
      response: fetched.response,
      result: fetched.result,
      headers: fetched.headers,
    });
  });

  it('refuses files rather than sending them another way', async () => {
    const { viaLocal, calls } = both(() => ({ status: 200, body: '' }));
    await expect(
      viaLocal.post('/api/v1.1/msisdn/info/batch', { multipart: { File: new Blob(['1']) } }),
    ).rejects.toThrow(/файлы/);
    await expect(viaLocal.download('get', '/api/v1/report/{id}/file', { path: { id: 1 } })).rejects.toThrow(/файлы/);
    expect(calls).toHaveLength(0);
  });
});
