import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CITIZENS } from '../../test/esia';
import { signInStaff } from '../../test/staff';
import { STAFF_ROLES } from '../modules/staff/tables';
import { createTestApp, type TestApp } from '../test/app';
import { TEST_ENGINE } from '../test/database';
import { CSRF_TITLE } from './csrf';

/**
 * Issue 35, finding 3: the CSRF check, the API's headers and the page cache's flush after a staff change
 * are decided on the matched route, so no spelling of an address (`/%61pi/…`, `//api/…`, `/api/./…`, …)
 * reaches a route without its protections.
 */

// A web build whose server entry counts its draws: a kept page shows the count it was drawn with.
const web = mkdtempSync(join(tmpdir(), 'perenos-csrf-'));
const dist = join(web, 'dist');
mkdirSync(dist);
mkdirSync(join(web, 'dist-server'));
writeFileSync(
  join(dist, 'index.html'),
  '<!doctype html><html lang="ru"><head><title>П</title></head><body><div id="root"></div></body></html>',
);
writeFileSync(
  join(web, 'dist-server', 'entry-server.js'),
  `export const SERVER_STATE_ID = 'server-state';
let draws = 0;
export async function render({ answer }) {
  await answer({ method: 'GET', url: 'http://server-render.invalid/api/v1/region/list', headers: {} });
  draws += 1;
  return { html: '<p>Отрисовка ' + draws + '</p>', title: 'Страница', state: { queries: {} }, notFound: false, renders: 1, missed: [] };
}
`,
);

interface DocOperation {
  parameters?: {
    in: string;
    name: string;
    schema: { type?: string; pattern?: string; enum?: string[]; anyOf?: { enum?: string[] }[] };
  }[];
  requestBody?: { content: Record<string, unknown> };
}

const CROSS_SITE = 'https://evil.example';

/** The same address as the router may read it, each spelling named. */
function spellings(path: string): { name: string; url: string; matchesRoute: boolean }[] {
  const rest = path.slice('/api'.length);
  // Each segment's first letter percent-encoded: the router decodes it back to the route's own path.
  const encoded = path.replace(/\/([a-z])/g, (_m, letter: string) => `/%${letter.charCodeAt(0).toString(16)}`);
  return [
    { name: 'as written', url: path, matchesRoute: true },
    { name: '/%61pi', url: `/%61pi${rest}`, matchesRoute: true },
    { name: 'every segment encoded', url: encoded, matchesRoute: true },
    { name: '//api', url: `/${path}`, matchesRoute: false },
    { name: '/api//', url: `/api/${rest}`, matchesRoute: false },
    { name: '/api/./', url: `/api/.${rest}`, matchesRoute: false },
    { name: '/api/%2e/', url: `/api/%2e${rest}`, matchesRoute: false },
    { name: '/api/x/../', url: `/api/x/..${rest}`, matchesRoute: false },
    { name: '/API', url: `/API${rest}`, matchesRoute: false },
    { name: '/%41PI', url: `/%41PI${rest}`, matchesRoute: false },
    { name: '/api%2F', url: `/api%2F${rest.slice(1)}`, matchesRoute: false },
    { name: 'trailing slash', url: `${path}/`, matchesRoute: false },
    { name: ';x', url: `${path};x`, matchesRoute: false },
  ];
}

let t: TestApp;
let staff: Record<string, string>;
let orderId: number;
beforeAll(async () => {
  t = await createTestApp({ webDist: dist, pageCacheBytes: 4 * 1024 * 1024 });
  // One person holding every role: every citizen and staff call is open to this session.
  staff = await signInStaff(t.app, CITIZENS.ivanov, STAFF_ROLES);
  const init = await t.app.inject({
    method: 'POST',
    url: '/api/v1/order/portation/init',
    headers: staff,
    payload: { msisdn: '79261112233' },
  });
  expect(init.statusCode, init.body).toBe(200);
  orderId = init.json().id;
});
afterAll(async () => {
  await t?.close();
  rmSync(web, { recursive: true, force: true });
});

/** What a state change would show: the person, their orders and watches, every staff list and the audit. */
async function snapshot(): Promise<string[]> {
  const reads = [
    '/api/v1/account/info',
    '/api/v1/account/orders?Msisdn=79261112233',
    '/api/v1/account/watch',
    '/api/v1/account/alerts',
    `/api/v1/order/portation/${orderId}`,
    '/api/v1/staff/audit',
    '/api/v1/staff/news',
    '/api/v1/staff/flags',
    '/api/v1/staff/people',
    '/api/v1/staff/feedback',
  ];
  return Promise.all(
    reads.map(async (url) => {
      const res = await t.app.inject({ method: 'GET', url, headers: staff });
      expect(res.statusCode, url).toBe(200);
      if (url !== '/api/v1/staff/audit') return res.body;
      // The staff reads of this snapshot are audited themselves (decision 122): only changes are compared.
      const audit = res.json() as { data: { action: string }[] };
      return JSON.stringify(audit.data.filter((entry) => !/\.(list|view|search)$/.test(entry.action)));
    }),
  );
}

describe(`CSRF by route, not by spelling (${TEST_ENGINE})`, () => {
  it('refuses every state-changing call of the OpenAPI document under every spelling, and nothing changes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, DocOperation>>;
    };
    const before = await snapshot();
    const cookie = staff.cookie as string;
    const variants: { name: string; headers: Record<string, string> }[] = [
      { name: 'cross-site Origin', headers: { cookie, origin: CROSS_SITE } },
      { name: 'cross-site Sec-Fetch-Site', headers: { cookie, 'sec-fetch-site': 'cross-site' } },
      // An old browser's form: a session cookie, no Origin, no X-Requested-With.
      { name: 'cookie only', headers: { cookie } },
    ];
    let operations = 0;
    const wrong: string[] = [];
    for (const [template, methods] of Object.entries(doc.paths)) {
      if (!template.startsWith('/api/')) continue; // the ESIA stand-in imitates another site
      for (const [method, op] of Object.entries(methods)) {
        if (method === 'get' || method === 'head') continue;
        operations += 1;
        let path = template;
        for (const p of op.parameters ?? []) {
          if (p.in !== 'path') continue;
          const value =
            p.schema.type === 'integer'
              ? String(orderId)
              : (p.schema.enum?.[0] ??
                p.schema.anyOf?.[0]?.enum?.[0] ??
                (p.schema.pattern === '^7\\d{10}$' ? '79161234567' : p.name === 'oid' ? CITIZENS.ivanov : 'x'));
          path = path.replace(`{${p.name}}`, value);
        }
        const type = Object.keys(op.requestBody?.content ?? {})[0];
        const body =
          type === 'application/json'
            ? { 'content-type': type, payload: '{}' }
            : type
              ? { 'content-type': type, payload: 'a=b' }
              : undefined;
        for (const spelling of spellings(path)) {
          for (const variant of variants) {
            const res = await t.app.inject({
              method: method.toUpperCase() as 'POST',
              url: spelling.url,
              headers: { ...variant.headers, ...(body ? { 'content-type': body['content-type'] } : {}) },
              ...(body ? { payload: body.payload } : {}),
            });
            const refused = res.statusCode === 403 && res.json().title === CSRF_TITLE;
            const unrouted = !spelling.matchesRoute && res.statusCode === 404;
            if (!refused && !unrouted) {
              wrong.push(
                `${method.toUpperCase()} ${spelling.url} (${spelling.name}, ${variant.name}): ${res.statusCode}`,
              );
            }
          }
        }
      }
    }
    expect(operations).toBeGreaterThanOrEqual(30);
    expect(wrong).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('sends the API’s header set with an API answer however its address is spelled', async () => {
    for (const url of ['/api/v1/region/list', '/%61pi/v1/region/list', '/api/v1/%72egion/list']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none';frame-ancestors 'none'");
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('empties the kept pages after a staff change whatever the spelling of its address', async () => {
    const drawNo = async () => /Отрисовка (\d+)/.exec((await t.app.inject({ method: 'GET', url: '/' })).body)?.[1];
    const first = await drawNo();
    expect(await drawNo()).toBe(first);
    const change = await t.app.inject({
      method: 'PUT',
      url: '/%61pi/v1/staff/flags/OperatorPage',
      headers: staff,
      payload: { isEnabled: true },
    });
    expect(change.statusCode, change.body).toBe(200);
    // The flush happens before the change is answered: the very next visit is drawn afresh.
    expect(await drawNo()).not.toBe(first);
  });
});
