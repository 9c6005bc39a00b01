import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, CITIZENS, signIn } from '../test/esia';
import { cliActor, grantRole } from './modules/staff/service';
import { STAFF_ROLES } from './modules/staff/tables';
import { createTestApp, type TestApp } from './test/app';
import { TEST_ENGINE } from './test/database';

/**
 * Every operation of the OpenAPI document gets bad requests made from its own parameter and body schemas:
 * wrong types, out-of-range and non-decimal numbers, broken and hostile encodings, injections, oversized
 * values and bodies. None may answer 5xx, and every 400 must be a problem document in Russian.
 */

interface JsonSchema {
  type?: string | string[];
  pattern?: string;
  minimum?: number;
  default?: unknown;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  $ref?: string;
}

interface Parameter {
  in: 'path' | 'query';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: { type: string; schema: JsonSchema };
  /** The stand-in imitates ESIA, whose error answers are OAuth documents, not ours. */
  foreign: boolean;
  /** The document lists a 401: the call needs sign-in. */
  signIn: boolean;
  /** The answer is an event stream (fuzzed anonymous only). */
  stream: boolean;
  /** A back-office call (tagged staff): fuzzed again as a staff member holding every role. */
  staff: boolean;
}

interface FuzzRequest {
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
  label: string;
  foreign: boolean;
}

/** Bad values for any parameter, written as they travel in a URL (already percent-encoded). */
const URL_VALUES: string[] = [
  '',
  '%20%20',
  'Infinity',
  '-Infinity',
  'NaN',
  '1e308',
  '1e3',
  '-1',
  '-0',
  '0',
  '1.5',
  '2147483648',
  '9223372036854775808',
  '99999999999999999999999',
  '0x10',
  '1_000',
  'true',
  'null',
  'undefined',
  '%5B%5D',
  '%7B%22%24ne%22%3A1%7D',
  '%00',
  'a%00b',
  '%01%02',
  '%7F',
  '%0D%0ASet-Cookie%3A%20x%3D1',
  '%C0%AE%C0%AE',
  '%FF%FE',
  '%ED%A0%80',
  '%E2%80%AE',
  '%F0%9F%98%80',
  '%',
  '%G1',
  encodeURIComponent("' OR '1'='1' --"),
  encodeURIComponent('1; DROP TABLE users; --'),
  encodeURIComponent('<script>alert(1)</script>'),
  '..%2F..%2F..%2Fetc%2Fpasswd',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as plain text
  encodeURIComponent('${7*7}{{7*7}}%s%n'),
  encodeURIComponent('\\\\evil.example\\x'),
  encodeURIComponent('https://evil.example/'),
  'a'.repeat(5000),
  encodeURIComponent('я'.repeat(1500)),
];

/** Bad values for any JSON body field. */
const JSON_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1e308,
  2147483648,
  'Infinity',
  '1e308',
  '',
  '   ',
  '\u0000',
  'a\u0000b',
  '\u001b[31m',
  '\ud800',
  'x'.repeat(20_000),
  'я'.repeat(6000),
  [],
  ['a'],
  {},
  { $ne: 1 },
  "' OR '1'='1' --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
];

/** Whole bodies that are wrong in themselves. */
const RAW_BODIES: { type: string; payload: string | Buffer }[] = [
  { type: 'application/json', payload: '' },
  { type: 'application/json', payload: '{not json' },
  { type: 'application/json', payload: 'null' },
  { type: 'application/json', payload: '[]' },
  { type: 'application/json', payload: '"text"' },
  { type: 'application/json', payload: '{"__proto__":{"admin":true}}' },
  { type: 'application/json', payload: '{"constructor":{"prototype":{"x":1}}}' },
  { type: 'application/json', payload: `${'['.repeat(5000)}${']'.repeat(5000)}` },
  { type: 'application/json', payload: Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0x7d]) },
  { type: 'application/json', payload: `{"a":"${'x'.repeat(1_100_000)}"}` },
  { type: 'text/plain', payload: 'hello' },
  {
    type: 'application/xml',
    payload: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
  },
  { type: 'application/x-www-form-urlencoded', payload: 'a=%00&b=%FF&c' },
  { type: 'multipart/form-data', payload: 'no boundary' },
  { type: 'multipart/form-data; boundary=X', payload: '--X\r\nContent-Disposition: form-data; name="File"\r\n\r\n' },
];

/** A value that passes a parameter's schema, so one mutation at a time is what the server sees. */
function goodValue(schema: JsonSchema): string {
  if (schema.const !== undefined) return String(schema.const);
  if (schema.enum?.length) return String(schema.enum[0]);
  if (schema.anyOf?.length) return goodValue(schema.anyOf[0] as JsonSchema);
  if (schema.default !== undefined) return String(schema.default);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'array' && schema.items) return goodValue(schema.items);
  if (type === 'integer' || type === 'number') return String(Math.max(schema.minimum ?? 1, 1));
  if (type === 'boolean') return 'false';
  if (schema.pattern === '^7\\d{10}$') return '79161234567';
  if (schema.pattern?.startsWith('^[a-z0-9-]')) return 'moskva';
  return 'test';
}

function goodJson(schema: JsonSchema): unknown {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object') {
    return Object.fromEntries(
      Object.entries(schema.properties ?? {})
        .filter(([name]) => schema.required?.includes(name))
        .map(([name, sub]) => [name, goodJson(sub)]),
    );
  }
  if (type === 'integer' || type === 'number') return Math.max(schema.minimum ?? 1, 1);
  if (type === 'boolean') return false;
  if (schema.const !== undefined || schema.enum || schema.anyOf) return goodValue(schema);
  return goodValue(schema);
}

function operationsOf(doc: {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
        responses?: Record<string, { content?: Record<string, unknown> } | undefined>;
        tags?: string[];
      }
    >
  >;
  components?: { schemas?: Record<string, JsonSchema> };
}): Operation[] {
  const resolve = (schema: JsonSchema): JsonSchema =>
    schema.$ref ? (doc.components?.schemas?.[schema.$ref.replace('#/components/schemas/', '')] ?? {}) : schema;
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const [type, content] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
      ops.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: type && content ? { type, schema: resolve(content.schema) } : undefined,
        foreign: path.startsWith('/esia-standin'),
        signIn: op.responses?.['401'] !== undefined,
        // A Server-Sent Events stream answers a signed-in caller with a stream that never ends.
        stream: Object.keys(op.responses?.['200']?.content ?? {}).includes('text/event-stream'),
        staff: op.tags?.includes('staff') ?? false,
      });
    }
  }
  return ops;
}

function urlOf(op: Operation, override?: { name: string; value: string }, extraQuery = ''): string {
  let path = op.path;
  const query: string[] = [];
  for (const p of op.parameters) {
    const value =
      override?.name === p.name ? override.value : p.required ? encodeURIComponent(goodValue(p.schema)) : null;
    if (value === null) continue;
    if (p.in === 'path') path = path.replace(`{${p.name}}`, value);
    else query.push(`${encodeURIComponent(p.name)}=${value}`);
  }
  if (extraQuery) query.push(extraQuery);
  return query.length ? `${path}?${query.join('&')}` : path;
}

/** Every bad request of the run, built from the document alone. */
function buildRequests(ops: Operation[]): FuzzRequest[] {
  const requests: FuzzRequest[] = [];
  for (const op of ops) {
    const base = { method: op.method, foreign: op.foreign };
    const bodyType = op.body?.type === 'multipart/form-data' ? undefined : op.body?.type;
    const goodBody = op.body && bodyType === 'application/json' ? JSON.stringify(goodJson(op.body.schema)) : undefined;
    const withBody = (r: FuzzRequest): FuzzRequest =>
      goodBody !== undefined && r.payload === undefined
        ? { ...r, payload: goodBody, headers: { ...r.headers, 'content-type': 'application/json' } }
        : r;
    for (const p of op.parameters) {
      for (const value of URL_VALUES) {
        requests.push(
          withBody({ ...base, url: urlOf(op, { name: p.name, value }), label: `${p.name}=${value.slice(0, 40)}` }),
        );
      }
      if (p.in === 'query') {
        const good = encodeURIComponent(goodValue(p.schema));
        requests.push(
          withBody({
            ...base,
            url: urlOf(op, undefined, `${p.name}=${good}&${p.name}=${good}&${p.name}=x`),
            label: `${p.name} repeated`,
          }),
        );
      }
    }
    // Parameters nobody declared, and a query far larger than any form makes.
    requests.push(
      withBody({
        ...base,
        url: urlOf(op, undefined, 'unknown=%00&__proto__=1&constructor=x'),
        label: 'unknown parameters',
      }),
    );
    requests.push(withBody({ ...base, url: urlOf(op, undefined, `q=${'x'.repeat(60_000)}`), label: 'huge query' }));
    if (op.body?.type === 'application/json') {
      for (const name of Object.keys(op.body.schema.properties ?? {})) {
        for (const value of JSON_VALUES) {
          const body = { ...(goodJson(op.body.schema) as object), [name]: value };
          requests.push({
            ...base,
            url: urlOf(op),
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify(body),
            label: `${name}=${JSON.stringify(value)?.slice(0, 40)}`,
          });
        }
      }
    }
    if (op.body || op.method !== 'GET') {
      for (const raw of RAW_BODIES) {
        requests.push({
          ...base,
          url: urlOf(op),
          headers: { 'content-type': raw.type },
          payload: raw.payload,
          label: `body ${raw.type} ${String(raw.payload).slice(0, 30)}`,
        });
      }
    }
  }
  return requests;
}

let t: TestApp;
let signedIn: Record<string, string>;
let staff: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  const steps = await signIn(t.app, CITIZENS.ivanov);
  // The access cookie only: a fuzzed refresh would rotate the refresh token under the run's feet.
  steps.jar.delete(t.app.session.refreshCookie);
  signedIn = authHeaders(steps.jar);
  for (const role of STAFF_ROLES) await grantRole(t.app.db, cliActor(), CITIZENS.petrova, role);
  const staffSteps = await signIn(t.app, CITIZENS.petrova);
  staffSteps.jar.delete(t.app.session.refreshCookie);
  staff = authHeaders(staffSteps.jar);
});
afterAll(async () => t?.close());

describe(`OpenAPI-driven fuzzing (${TEST_ENGINE})`, () => {
  it('answers no bad request with 5xx, and every 400 with a Russian problem document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const ops = operationsOf(doc);
    expect(ops.length).toBeGreaterThanOrEqual(49);
    const anonymous = buildRequests(ops);
    // Calls behind sign-in get the same treatment signed in, so their validation is reached too.
    const signInOps = ops.filter((op) => op.signIn && !op.foreign && !op.stream);
    const withSession = buildRequests(signInOps).map((r) => ({ ...r, headers: { ...r.headers, ...signedIn } }));
    // Staff calls answer 404 to everyone else: fuzzed last as a member of every role, so their validation
    // and handlers are reached (a switched-off feature then only makes more 404s).
    const staffOps = ops.filter((op) => op.staff);
    expect(staffOps.length).toBeGreaterThanOrEqual(31);
    const asStaff = buildRequests(staffOps).map((r) => ({ ...r, headers: { ...r.headers, ...staff } }));
    const all = [...anonymous, ...withSession, ...asStaff];
    expect(all.length).toBeGreaterThanOrEqual(2000);

    const statuses = new Map<number, number>();
    const failures: string[] = [];
    const covered = new Set<string>();
    for (const r of all) {
      const res = await t.app.inject({
        method: r.method as 'GET',
        url: r.url,
        headers: r.headers,
        payload: r.payload,
        remoteAddress: `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.1`,
      });
      covered.add(`${r.method} ${r.url.split('?')[0]}`);
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      const what = `${r.method} ${r.url.slice(0, 120)} [${r.label}] → ${res.statusCode}`;
      if (res.statusCode >= 500) failures.push(`${what}: ${res.body.slice(0, 200)}`);
      if (res.statusCode === 400 && !r.foreign) {
        const type = String(res.headers['content-type'] ?? '');
        let body: { title?: string; errors?: Record<string, string[]> } = {};
        try {
          body = res.json();
        } catch {
          // not JSON: reported below
        }
        const messages = Object.values(body.errors ?? {}).flat();
        const russian = /[а-яё]/i.test(body.title ?? '') && messages.every((m) => /[а-яё]/i.test(m));
        if (!type.includes('application/problem+json') || !russian) failures.push(`${what}: ${res.body.slice(0, 200)}`);
      }
    }
    const summary = [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}: ${n}`)
      .join(', ');
    console.log(`fuzz (${TEST_ENGINE}): ${all.length} requests over ${ops.length} operations — ${summary}`);
    expect(failures.slice(0, 40)).toEqual([]);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(all.length / 3);
  }, 600_000);

  it('bounds every integer parameter by what its column can hold', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const unbounded: string[] = [];
    for (const op of operationsOf(doc)) {
      for (const p of op.parameters) {
        const schema = p.schema.type === 'array' && p.schema.items ? p.schema.items : p.schema;
        const bounds = schema as { minimum?: number; maximum?: number };
        if (
          schema.type === 'integer' &&
          (bounds.minimum === undefined || (bounds.maximum ?? Infinity) > 2_147_483_647)
        ) {
          unbounded.push(`${op.method} ${op.path} ${p.name}`);
        }
      }
    }
    expect(unbounded).toEqual([]);
  });
});
