import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

const TOKEN = 'metrics-token-for-tests-0123456789abcdef';

/** The families every scrape must carry (issue 23), by the names the dashboard uses. */
const FAMILIES = [
  'perenos_http_request_duration_seconds',
  'perenos_lookups_total',
  'perenos_lookup_quota_refusals_total',
  'perenos_page_cache_requests_total',
  'perenos_porting_orders',
  'perenos_porting_transitions_total',
  'perenos_notifications_total',
  'perenos_jobs',
  'perenos_job_failures_total',
  'perenos_db_pool_connections',
  'nodejs_eventloop_lag_p99_seconds',
  'nodejs_heap_size_used_bytes',
];

/** The metric families a scrape declares (`# TYPE name kind`). */
function familiesOf(text: string): Set<string> {
  return new Set([...text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1] as string));
}

const lookup = (t: TestApp, msisdn: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1.1/msisdn/info/single', payload: { msisdn }, remoteAddress: '10.9.9.9' });

describe('/metrics with a token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      metrics: { token: TOKEN, port: 0, host: '127.0.0.1' },
      lookup: { ...(await import('../config/env')).loadConfig({ NODE_ENV: 'test' }).lookup, quotaAnonymous: 2 },
    });
  });
  afterAll(async () => t?.close());

  const scrape = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('answers a scrape without the token, or with a wrong one, 404 and not a figure', async () => {
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(1)}`,
      TOKEN,
      'Basic Zm9vOmJhcg==',
    ]) {
      const res = await scrape(authorization);
      expect(res.statusCode, authorization).toBe(404);
      expect(res.json().title).toBe('Запись не найдена');
      expect(res.body).not.toContain('perenos_');
    }
  });

  it('shows every named family, with what the site just did counted', async () => {
    expect((await lookup(t, '79161234567')).statusCode).toBe(200);
    expect((await lookup(t, '79161234567')).statusCode).toBe(200);
    expect((await lookup(t, '79161234567')).statusCode).toBe(429);
    await t.app.inject({ method: 'GET', url: '/no-such-page-here' });
    t.app.metrics.pageCache.hit();
    t.app.metrics.pageCache.miss();
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body;
    const families = familiesOf(text);
    for (const name of FAMILIES) expect(families, name).toContain(name);
    expect(text).toMatch(
      /perenos_http_request_duration_seconds_count\{method="POST",route="\/api\/v1\.1\/msisdn\/info\/single",status_code="200"\} 2/,
    );
    expect(text).toContain('perenos_lookups_total{kind="single",result="found"} 2');
    expect(text).toContain('perenos_lookup_quota_refusals_total{kind="single"} 1');
    expect(text).toContain('perenos_page_cache_requests_total{result="hit"} 1');
    // The demo's portings are in the database: every node reports the site's orders.
    expect(text).toMatch(/perenos_porting_orders\{status="Done"\} [1-9]/);
    expect(text).toMatch(/perenos_db_pool_connections\{state="waiting"\} \d+/);
    // The raw path of a page or an unknown address never becomes a label value.
    expect(text).not.toContain('no-such-page-here');
  });

  it('serves the private listener without a token, and nothing else there', async () => {
    const address = t.app.metricsAddress();
    expect(address).not.toBeNull();
    const base = `http://127.0.0.1:${address?.port}`;
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    expect(familiesOf(await res.text())).toContain('perenos_jobs');
    expect((await fetch(`${base}/api/health`)).status).toBe(404);
  });

  it('has a dashboard whose every query names a family the site serves', async () => {
    const dashboard = JSON.parse(readFileSync(resolve(t.config.repoRoot, 'docs/grafana-dashboard.json'), 'utf8')) as {
      panels: { title: string; targets: { expr: string }[] }[];
    };
    const families = familiesOf((await scrape(`Bearer ${TOKEN}`)).body);
    const used = new Set<string>();
    for (const panel of dashboard.panels) {
      for (const target of panel.targets) {
        for (const [name] of target.expr.matchAll(/\b(?:perenos|nodejs|process)_[a-z0-9_]+/g)) {
          used.add(name.replace(/_(bucket|count|sum)$/, ''));
        }
      }
    }
    expect([...used].filter((name) => !families.has(name))).toEqual([]);
    for (const name of FAMILIES) expect(used, `the dashboard shows ${name}`).toContain(name);
  });
});

describe('/metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, 'reference');
  });
  afterAll(async () => t?.close());

  it('is never served on the site port, whatever the request carries', async () => {
    for (const authorization of [undefined, 'Bearer ', 'Bearer undefined', 'Bearer null']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(res.statusCode, authorization).toBe(404);
      expect(res.body).not.toContain('perenos_');
    }
    expect(t.app.metricsAddress()).toBeNull();
  });
});
