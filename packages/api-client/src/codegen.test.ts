import { mkdir, mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import {
  buildOperationTable,
  CURRENT_MESSAGE,
  checkVerdict,
  findStaleFiles,
  GENERATED_PATHS,
  renderClientFiles,
  renderOperations,
  renderSchema,
  STALE_MESSAGE,
} from '../scripts/codegen.mjs';
import { fixtureCatalogue, fixtureDocument } from './testing/fixture-document';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const GENERATED_HEADER = '// generated — do not edit.';

describe('operation table', () => {
  it('records required parameters, body facts and catalogued statuses', () => {
    const table = buildOperationTable(fixtureDocument, fixtureCatalogue);
    expect(Object.keys(table)).toEqual([
      'GET /api/v1/ping',
      'GET /api/v1.1/msisdn/info',
      'POST /api/v1.1/msisdn/info/quota',
      'POST /api/v1/openid/token',
      'POST /api/v1.1/msisdn/info/batch',
      'GET /api/v1/item/{id}',
      'PUT /api/v1/item/{id}',
      'DELETE /api/v1/item/{id}',
      'GET /api/v1/report/{id}/file',
      'POST /api/v1/report/export',
    ]);
    expect(table['GET /api/v1.1/msisdn/info']).toEqual({
      operationId: 'getMsisdnInfo',
      path: [],
      query: ['Msisdn'],
      body: null,
      catalogued: [400, 401],
    });
    expect(table['POST /api/v1/openid/token']?.body).toEqual({
      kind: 'form',
      mediaType: 'application/x-www-form-urlencoded',
      required: true,
      requiredFields: ['grant_type'],
    });
    // The multipart schema is a $ref: its required fields are resolved through it.
    expect(table['POST /api/v1.1/msisdn/info/batch']?.body).toEqual({
      kind: 'multipart',
      mediaType: 'multipart/form-data',
      required: true,
      requiredFields: ['File'],
    });
    // Path-level parameters apply to every method of the path.
    expect(table['DELETE /api/v1/item/{id}']).toMatchObject({ path: ['id'], catalogued: [404] });
    expect(table['POST /api/v1/report/export']?.body).toMatchObject({ kind: 'json', required: false });
    // The catalogue decides, not the documented responses.
    expect(table['GET /api/v1/ping']?.catalogued).toEqual([401]);
    expect(table['PUT /api/v1/item/{id}']?.catalogued).toEqual([404]);
  });

  it('refuses a catalogue that names a call the document lacks', () => {
    const catalogue = { ...fixtureCatalogue, 404: [...fixtureCatalogue[404], 'GET /api/v1/gone'] };
    expect(() => buildOperationTable(fixtureDocument, catalogue)).toThrow('GET /api/v1/gone');
  });

  it("catalogues the real document exactly as the spec's §8 table", async () => {
    const document: Record<string, unknown> = JSON.parse(await readFile(join(packageDir, 'openapi.json'), 'utf8'));
    const table = buildOperationTable(document);
    const with_ = (status: 400 | 401 | 404) =>
      Object.entries(table)
        .filter(([, info]) => (info.catalogued as readonly number[]).includes(status))
        .map(([key]) => key)
        .sort();
    expect(with_(401)).toEqual(
      [
        'GET /api/v1/account/info',
        'GET /api/v1/account/orders',
        'GET /api/v1/account/portations',
        'GET /api/v1/account/portationinfo',
        'GET /api/v1/account/events',
        'GET /api/v1/account/watch',
        'PUT /api/v1/account/watch/{msisdn}',
        'GET /api/v1/account/alerts',
        'POST /api/v1/account/alerts/{id}/confirm',
        'POST /api/v1/account/alerts/{id}/refuse',
        'DELETE /api/v1/account',
        'GET /api/v1/esia/login',
        'GET /api/v1/esia/callback',
        'GET /api/v1/esia/logout',
        'GET /api/v1/esia/userinfo',
        'GET /api/v1/esia/personalinfo',
        'POST /api/v1/openid/token',
        'POST /api/v1.1/msisdn/info/batch',
        'POST /api/v1/order/portation/init',
        'GET /api/v1/order/portation/{id}',
        'PUT /api/v1/order/portation/{id}',
        'DELETE /api/v1/order/portation/{id}',
        'POST /api/v1/order/portation/{id}/code',
        'PUT /api/v1/order/portation/{id}/submit',
      ].sort(),
    );
    expect(with_(404)).toEqual(
      [
        'GET /api/v1/news/{slug}',
        'GET /api/v1/operator/{slug}',
        'GET /api/v1/operator/tile/{id}',
        'GET /api/v1/order/portation/{id}',
        'DELETE /api/v1/order/portation/{id}',
        'GET /api/v1.1/tariff/{id}',
        'GET /api/v2/tariff/{id}',
        'GET /api/v1.2/tariff',
      ].sort(),
    );
    expect(with_(400)).not.toContain('GET /api/v2/tariff/filters');
    expect(with_(400)).not.toContain('POST /api/v1.1/msisdn/info/single');
    expect(with_(400)).toContain('GET /api/v1.4/tariff/list');
  });

  it('renders deterministic TypeScript with a generated header', () => {
    const source = renderOperations(fixtureDocument, fixtureCatalogue);
    expect(source.startsWith(GENERATED_HEADER)).toBe(true);
    expect(renderOperations(structuredClone(fixtureDocument), fixtureCatalogue)).toBe(source);
    expect(source).toContain("'GET /api/v1.1/msisdn/info': {\n    operationId: 'getMsisdnInfo',");
    expect(source.endsWith('} as const satisfies OperationTable;\n')).toBe(true);
  });
});

describe('schema types', () => {
  it('types uploads as Blob and is kept as the fixture schema (update with vitest -u)', async () => {
    const source = await renderSchema(fixtureDocument);
    expect(source.startsWith(GENERATED_HEADER)).toBe(true);
    expect(source).toContain('File: Blob;');
    await expect(source).toMatchFileSnapshot('./generated/fixture-schema.ts');
  });
});

describe('committed client', () => {
  it('schema.ts and operations.ts match the committed openapi.json', async () => {
    const document: Record<string, unknown> = JSON.parse(await readFile(join(packageDir, 'openapi.json'), 'utf8'));
    const files = await renderClientFiles(document);
    expect(await findStaleFiles(packageDir, files)).toEqual([]);
  });
});

describe('--check', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = undefined;
  });

  async function writtenCopy(): Promise<{ dir: string; files: Awaited<ReturnType<typeof renderClientFiles>> }> {
    const target = await mkdtemp(join(tmpdir(), 'api-client-'));
    const files = await renderClientFiles(fixtureDocument, fixtureCatalogue);
    for (const file of files) {
      await mkdir(dirname(join(target, file.path)), { recursive: true });
      await writeFile(join(target, file.path), file.content);
    }
    return { dir: target, files };
  }

  it('reports a current copy as current', async () => {
    const copy = await writtenCopy();
    dir = copy.dir;
    const stale = await findStaleFiles(copy.dir, copy.files);
    expect(stale).toEqual([]);
    expect(checkVerdict(stale)).toEqual({ ok: true, message: CURRENT_MESSAGE });
  });

  it('detects an edited and a missing file, with the regenerate hint', async () => {
    const copy = await writtenCopy();
    dir = copy.dir;
    await writeFile(join(copy.dir, GENERATED_PATHS.schema), '// edited by hand\n');
    await unlink(join(copy.dir, GENERATED_PATHS.document));
    const stale = await findStaleFiles(copy.dir, copy.files);
    expect(stale).toEqual([GENERATED_PATHS.document, GENERATED_PATHS.schema]);
    const verdict = checkVerdict(stale);
    expect(verdict.ok).toBe(false);
    expect(verdict.message.split('\n')[0]).toBe(STALE_MESSAGE);
    expect(STALE_MESSAGE).toBe('API-клиент устарел: выполните npm run generate:client');
    expect(verdict.message).toContain('openapi.json, src/generated/schema.ts');
  });

  it('writes openapi.json pretty-printed with a trailing newline', async () => {
    const [documentFile] = await renderClientFiles(fixtureDocument, fixtureCatalogue);
    expect(documentFile?.path).toBe('openapi.json');
    expect(documentFile?.content).toBe(`${JSON.stringify(fixtureDocument, null, 2)}\n`);
  });
});
