import ExcelJS from 'exceljs';
import { vi } from 'vitest';
import { type AppConfig, loadConfig } from '../src/config/env';
import { upsertUser } from '../src/modules/esia/repository';
import { deriveAccessKey, startSession } from '../src/modules/session/tokens';
import { createTestApp, type TestApp } from '../src/test/app';

/** The whole app with a fast index poll and optional lookup settings. */
export async function createLookupApp(
  lookup: Partial<AppConfig['lookup']> = {},
  seed: 'none' | 'reference' | 'demo' = 'demo',
): Promise<TestApp> {
  const base = loadConfig({ NODE_ENV: 'test' }).lookup;
  return createTestApp(
    {
      logLevel: process.env.LOOKUP_TEST_LOG ?? 'silent',
      lookup: { ...base, pollMs: 50, quotaAnonymous: 1_000_000, ...lookup },
    },
    seed,
  );
}

/** Looks a number up through the API. */
export async function lookupNumber(t: TestApp, msisdn: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/api/v1.1/msisdn/info/single', payload: { msisdn }, headers });
}

/** Waits until the API answers the number with the given operator (the index picks changes up by polling). */
export async function waitForOperator(t: TestApp, msisdn: string, operatorName: string, timeout = 5000) {
  await vi.waitFor(
    async () => {
      const res = await lookupNumber(t, msisdn);
      if (res.json().operatorName !== operatorName) throw new Error(`still ${res.body}`);
    },
    { timeout, interval: 25 },
  );
}

/** Signs a test citizen in the way the ESIA callback does; returns the headers of their requests. */
export async function signIn(t: TestApp, oid = '1000001'): Promise<Record<string, string>> {
  const profile = {
    lastName: 'Иванов',
    firstName: 'Иван',
    middleName: 'Иванович',
    birthDate: null,
    passportMasked: null,
    mobiles: [],
    email: null,
    emailVerified: false,
  };
  const user = await upsertUser(t.app.db, oid, 'Иванов Иван Иванович', profile, null, t.app.clock());
  const tokens = await startSession(
    t.app.db,
    deriveAccessKey(t.config.sessionSecret),
    {
      userId: user.id,
      oid,
      name: 'Иванов Иван Иванович',
    },
    t.app.clock(),
  );
  return { cookie: `${t.app.session.accessCookie}=${tokens.accessToken}`, 'x-requested-with': 'XMLHttpRequest' };
}

/** A multipart/form-data body with one file part (the batch upload's `File`). */
export function multipartBody(filename: string, content: Buffer | string, field = 'File') {
  const boundary = '----perenos-test-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Uploads a file to the batch lookup with the given headers (a signed-in user's). */
export function uploadBatch(t: TestApp, headers: Record<string, string>, filename: string, content: Buffer | string) {
  const body = multipartBody(filename, content);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1.1/msisdn/info/batch',
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
}

export function withoutTrailingBlanks(cells: string[]): string[] {
  const out = [...cells];
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  return out;
}

/** An XLSX answer's cells read back with exceljs (the reference reader), row by row, trailing blanks left out. */
export async function cellsOfXlsx(bytes: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]?.eachRow({ includeEmpty: true }, (row) => {
    // Array.from, not map: the values array has holes where cells are empty.
    rows.push(Array.from((row.values as unknown[]).slice(1), (v) => (v === null || v === undefined ? '' : String(v))));
  });
  return rows.map(withoutTrailingBlanks);
}
