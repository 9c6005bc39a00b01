import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

// A built web app as the build leaves it: every text file also as .br and .gz.
const dist = mkdtempSync(join(tmpdir(), 'perenos-dist-'));
const INDEX = `<!doctype html><html lang="ru"><head><title>Перенос номера</title></head><body>${'<!-- … -->'.repeat(200)}</body></html>`;
const SCRIPT = `console.log(${JSON.stringify('привет '.repeat(500))});`;
function writeWithCompressed(path: string, text: string) {
  writeFileSync(path, text);
  writeFileSync(`${path}.br`, brotliCompressSync(text));
  writeFileSync(`${path}.gz`, gzipSync(text));
}
mkdirSync(join(dist, 'assets'));
writeWithCompressed(join(dist, 'index.html'), INDEX);
writeWithCompressed(join(dist, 'assets/index-abc123.js'), SCRIPT);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ webDist: dist }, 'reference');
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('the web app over HTTP', () => {
  it('sends the file compressed at build time that the browser accepts, with the matching Content-Encoding', async () => {
    const br = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    const gz = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await get('/assets/index-abc123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('lets browsers keep hashed assets for a year, and revalidate index.html on every visit', async () => {
    const asset = await get('/assets/index-abc123.js', { 'accept-encoding': 'br' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const path of ['/', '/check', '/tariffs/moskva']) {
      const page = await get(path, { 'accept-encoding': 'br, gzip' });
      expect(page.statusCode, path).toBe(200);
      expect(page.headers['cache-control'], path).toBe('no-cache');
      expect(page.headers['content-encoding'], path).toBe('br');
      expect(brotliDecompressSync(page.rawPayload).toString(), path).toBe(INDEX);
    }
  });
});

describe('security headers', () => {
  it('every page and asset carries helmet’s headers with the site’s CSP', async () => {
    for (const path of ['/', '/check', '/assets/index-abc123.js', '/nothing', '/api/docs']) {
      const res = await get(path);
      expect(res.headers['content-security-policy'], path).toContain("script-src 'self'");
      expect(res.headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], path).toBe('nosniff');
      expect(res.headers['strict-transport-security'], path).toMatch(/max-age=/);
      expect(res.headers['cross-origin-opener-policy'], path).toBe('same-origin');
    }
  });

  it('every API answer, refusals included, carries the API’s set: nothing may load, frame or sniff it', async () => {
    const answers = [
      await get('/api/health'),
      await get('/api/v1/region/list'),
      await get('/api/nothing'),
      await get('/api/v1/operator/mts/logo.svg'),
      await t.app.inject({ method: 'POST', url: '/api/v1.1/msisdn/info/single', payload: { msisdn: '79161234567' } }),
      await t.app.inject({ method: 'POST', url: '/api/v1.1/msisdn/info/single', payload: { msisdn: '1' } }),
    ];
    for (const res of answers) {
      const where = `${res.statusCode} ${res.body.slice(0, 80)}`;
      expect(res.headers['content-security-policy'], where).toBe("default-src 'none';frame-ancestors 'none'");
      expect(res.headers['x-frame-options'], where).toBe('DENY');
      expect(res.headers['x-content-type-options'], where).toBe('nosniff');
      expect(res.headers['strict-transport-security'], where).toMatch(/max-age=/);
      expect(res.headers['cross-origin-resource-policy'], where).toBe('same-origin');
      // Document-only headers are not sent with data.
      expect(res.headers['cross-origin-opener-policy'], where).toBeUndefined();
    }
    // This database holds no numbering plan: the well-written number is a 404, the typo a 400.
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 404, 200, 404, 400]);
  });
});

describe('the API over HTTP', () => {
  it('compresses JSON above a kilobyte and leaves small answers as they are', async () => {
    const regions = await get('/api/v1/region/list', { 'accept-encoding': 'gzip, br' });
    expect(regions.headers['content-encoding']).toBe('br');
    const list = JSON.parse(brotliDecompressSync(regions.rawPayload).toString());
    expect(list.length).toBeGreaterThan(80);
    const gz = await get('/api/v1/region/list', { 'accept-encoding': 'gzip' });
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(list);
    const small = await get('/api/health', { 'accept-encoding': 'gzip, br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toBeTruthy();
  });

  it('answers 304 without a body when public reference data has not changed', async () => {
    for (const url of [
      '/api/v1/region/list',
      '/api/v1/operator/list?Skip=0&Take=10&SortBy=name&SortDesc=false',
      '/api/v1/setting/feature/list',
      '/api/v1/tariffmediaservice',
    ]) {
      const first = await get(url);
      expect(first.statusCode, url).toBe(200);
      const tag = first.headers.etag as string;
      expect(tag, url).toMatch(/^"/);
      const again = await get(url, { 'if-none-match': tag });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
      expect((await get(url, { 'if-none-match': '"something-else"' })).statusCode, url).toBe(200);
    }
  });

  it('tags GET answers only: a POST answer is never revalidated, so it is not hashed', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/api/v1/region/list' });
    expect(head.headers.etag).toMatch(/^"/);
    const post = await t.app.inject({ method: 'POST', url: '/api/v1.1/msisdn/info/quota', payload: {} });
    expect(post.statusCode).toBe(200);
    expect(post.headers.etag).toBeUndefined();
  });

  it('gives a feature list a new tag when a flag is switched', async () => {
    const before = await get('/api/v1/setting/feature/list');
    await t.app.db.execute(sql`update feature_flags set is_enabled = not is_enabled where feature = 'News'`);
    const after = await get('/api/v1/setting/feature/list', { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });
});
