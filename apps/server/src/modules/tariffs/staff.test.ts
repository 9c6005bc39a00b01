import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CITIZENS } from '../../../test/esia';
import { signInStaff, staffCall } from '../../../test/staff';
import { createTestApp, type TestApp } from '../../test/app';
import { type CatalogueTariff, parseCatalogueCsv } from './catalogue';
import { tariffs } from './tables';

let t: TestApp;
let staff: Record<string, string>;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  staff = await signInStaff(t.app, CITIZENS.sidorov, ['catalogue']);
  admin = await signInStaff(t.app, CITIZENS.morozov, ['admin']);
});
afterAll(async () => t?.close());

/** A file field as a browser's form sends it. */
function upload(name: string, text: string, query = '') {
  const boundary = 'XtestBoundaryX';
  const payload = `--${boundary}\r\nContent-Disposition: form-data; name="File"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n${text}\r\n--${boundary}--\r\n`;
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/staff/tariffs/uploads${query}`,
    headers: { ...staff, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

const catalogue = async (): Promise<CatalogueTariff[]> =>
  JSON.parse((await staffCall(t.app, staff, 'GET', '/api/v1/staff/tariffs/export?format=json')).body);

/** The tariff's price in a region, as the public list shows it. */
async function listedPrice(regionCode: number, name: string): Promise<number | undefined> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1.4/tariff/list?RegionCode=${regionCode}&Skip=0&Take=100&SortBy=price&SortDesc=false&Name=${encodeURIComponent(name)}`,
  });
  return res.json().data.find((x: { name: string }) => x.name === name)?.price;
}

describe('the tariff catalogue from the back office', () => {
  let target: CatalogueTariff;
  let uploadId: number;

  it('previews a file: added, changed and refused rows per operator and region, changing nothing', async () => {
    const current = await catalogue();
    target = current.find((x) => !x.isArchived && x.regions.length > 0) as CatalogueTariff;
    const region = target.regions[0] as { regionCode: number; price: number };
    const before = await listedPrice(region.regionCode, target.name);
    expect(before).toBe(region.price);
    const changed = { ...target, regions: [{ ...region, price: region.price + 7 }] };
    const added = { ...target, slug: 'novyi-tarif-iz-faila', name: 'Новый тариф из файла', regions: [region] };
    const file = JSON.stringify([
      changed,
      added,
      { ...added, slug: 'plokhoi', kind: 'Что-то' },
      { ...added, slug: 'chuzhoi', operatorSlug: 'net-takogo' },
    ]);
    const res = await upload('katalog.json', file);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    uploadId = body.id;
    expect(body.status).toBe('pending');
    expect(body.preview.totals).toMatchObject({ added: 1, changed: 1, refused: 2, removed: 0 });
    const group = body.preview.groups.find(
      (g: { operatorSlug: string; regionCode: number }) =>
        g.operatorSlug === target.operatorSlug && g.regionCode === region.regionCode,
    );
    expect(group.added).toEqual(['Новый тариф из файла']);
    expect(group.changed[0]).toEqual({ name: target.name, what: [`цена ${region.price} → ${region.price + 7} ₽`] });
    // The tariff was sold in other regions too: the file drops them.
    if (target.regions.length > 1) expect(body.preview.totals.changed).toBe(1);
    expect(body.refused).toEqual([
      { where: 'тариф №3', reason: 'kind — Package или NonPackage' },
      { where: 'net-takogo/chuzhoi', reason: 'неизвестный оператор «net-takogo»' },
    ]);
    expect(await listedPrice(region.regionCode, target.name)).toBe(before);
  });

  it('applies an upload once, however many times it is clicked, and the list shows it', async () => {
    const region = target.regions[0] as { regionCode: number; price: number };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        staffCall(t.app, staff, 'POST', `/api/v1/staff/tariffs/uploads/${uploadId}/apply`),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    expect(answers.find((a) => a.statusCode === 409)?.json().title).toBe('Загрузка уже применена');
    expect(await listedPrice(region.regionCode, target.name)).toBe(region.price + 7);
    expect(await listedPrice(region.regionCode, 'Новый тариф из файла')).toBe(region.price);
    const log = (await staffCall(t.app, admin, 'GET', `/api/v1/staff/audit?target=upload:${uploadId}`)).json();
    expect(log.data.map((e: { action: string }) => e.action)).toEqual(['tariffs.apply', 'tariffs.upload']);
  });

  it('refuses to apply a preview the catalogue has moved past, and cancels without a change', async () => {
    const current = await catalogue();
    const one = current.find((x) => x.slug === 'novyi-tarif-iz-faila') as CatalogueTariff;
    const first = (await upload('a.json', JSON.stringify([{ ...one, name: 'Имя А' }]))).json();
    const second = (await upload('b.json', JSON.stringify([{ ...one, name: 'Имя Б' }]))).json();
    expect((await staffCall(t.app, staff, 'POST', `/api/v1/staff/tariffs/uploads/${first.id}/apply`)).statusCode).toBe(
      200,
    );
    const stale = await staffCall(t.app, staff, 'POST', `/api/v1/staff/tariffs/uploads/${second.id}/apply`);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().title).toBe('Каталог изменился после предпросмотра');
    const cancelled = await staffCall(t.app, staff, 'POST', `/api/v1/staff/tariffs/uploads/${second.id}/cancel`);
    expect(cancelled.json().status).toBe('cancelled');
    expect((await catalogue()).find((x) => x.slug === 'novyi-tarif-iz-faila')?.name).toBe('Имя А');
  });

  it('renames the cheapest package of a region, and the tariffs list shows it first', async () => {
    const current = await catalogue();
    const priceIn = (x: CatalogueTariff) => x.regions.find((r) => r.regionCode === 77)?.price ?? Infinity;
    const cheapest = current
      .filter((x) => !x.isArchived && x.kind === 'Package' && priceIn(x) < Infinity)
      .sort((a, b) => priceIn(a) - priceIn(b))[0] as CatalogueTariff;
    const sent = (await upload('one.json', JSON.stringify([{ ...cheapest, name: 'Тариф из файла' }]))).json();
    expect(sent.preview.totals).toMatchObject({ changed: 1, refused: 0 });
    expect((await staffCall(t.app, staff, 'POST', `/api/v1/staff/tariffs/uploads/${sent.id}/apply`)).statusCode).toBe(
      200,
    );
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v2/tariff/list?QueryType=Package&RegionSlug=moskva&Skip=0&Take=3&SortBy=price&SortDesc=false',
    });
    expect(list.json().data.map((x: { name: string }) => x.name)).toContain('Тариф из файла');
  });

  it('refuses a file that is not a catalogue in Russian, storing nothing', async () => {
    for (const [name, text, message] of [
      ['x.json', '{not json', 'Файл не является JSON.'],
      ['x.csv', 'a,b,c\n1,2,3', 'В заголовке нет столбцов'],
      ['x.xlsx', 'whatever', 'в формате .json или .csv'],
    ] as const) {
      const res = await upload(name, text);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().errors.File[0]).toContain(message);
    }
  });

  it('exports the catalogue as CSV, audited', async () => {
    const res = await staffCall(t.app, staff, 'GET', '/api/v1/staff/tariffs/export?format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="tariffs-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(res.body).toContain('novyi-tarif-iz-faila');
    const log = (await staffCall(t.app, admin, 'GET', '/api/v1/staff/audit?action=tariffs.export')).json();
    expect(log.data[0].details).toMatchObject({ format: 'csv' });
  });

  it('refuses a tariff whose link is not a web address, naming its row, and serves no such stored link', async () => {
    const [one] = await catalogue();
    const row = (url: string) =>
      `${one?.operatorSlug},ssylka-${url.length},Тариф со ссылкой,Package,77,300,100,100,10,,,,${url},,,false,`;
    const header =
      'operator,slug,name,kind,region_code,price,minutes,sms,traffic_gb,minute_price,sms_price,mb_price,url,media_services,convergence_services,is_archived,description';
    for (const url of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'JavaScript://x%0aalert(1)',
    ]) {
      const res = await upload('ssylka.csv', `${header}\n${row(url)}\n`);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors.File[0], url).toBe(
        'В файле нет ни одного тарифа, который можно загрузить: строка 2 — url — адрес страницы тарифа, начинающийся с https:// или http://',
      );
    }
    // Beside good rows, the bad one is refused by its row and the rest load.
    const mixed = await upload(
      'mix.csv',
      `${header}\n${row('https://example.ru/t')}\n${row('javascript:alert(1)').replace('ssylka-19', 'drugaya')}\n`,
    );
    expect(mixed.statusCode).toBe(200);
    expect(mixed.json().refused).toEqual([
      { where: 'строка 3', reason: 'url — адрес страницы тарифа, начинающийся с https:// или http://' },
    ]);
    // A link stored before the rule (or by hand) is not served to API clients, nor exported.
    const [stored] = await t.app.db.select({ id: tariffs.id }).from(tariffs).limit(1);
    const id = stored?.id as number;
    await t.app.db.update(tariffs).set({ url: 'javascript:alert(1)' }).where(eq(tariffs.id, id));
    try {
      const served = await t.app.inject({ method: 'GET', url: `/api/v1.1/tariff/${id}` });
      expect(served.statusCode).toBe(200);
      expect(served.json().url).toBeNull();
      expect(served.body).not.toContain('javascript:');
      const exported = await staffCall(t.app, staff, 'GET', '/api/v1/staff/tariffs/export?format=csv');
      expect(exported.body).not.toContain('javascript:');
    } finally {
      await t.app.db.update(tariffs).set({ url: null }).where(eq(tariffs.id, id));
    }
  });

  it('exports formulas as text: a cell starting with = + - @, tab or CR gets an apostrophe, and reads back as it was', async () => {
    const current = await catalogue();
    const base = current.find((x) => !x.isArchived && x.regions.length > 0) as CatalogueTariff;
    // (A leading tab or CR never reaches the catalogue: the importer trims names; catalogue.test.ts has them.)
    const names = ['=HYPERLINK("https://evil.example","Жми")', '+7 мин', '-скидка', '@SUM(1)'];
    const file = names.map((name, i) => ({ ...base, slug: `formula-${i}`, name, description: name }));
    const sent = (await upload('formuly.json', JSON.stringify(file))).json();
    expect(sent.refused).toEqual([]);
    expect((await staffCall(t.app, staff, 'POST', `/api/v1/staff/tariffs/uploads/${sent.id}/apply`)).statusCode).toBe(
      200,
    );
    const csv = (await staffCall(t.app, staff, 'GET', '/api/v1/staff/tariffs/export?format=csv')).body;
    const lines = csv.split('\r\n').filter((l) => l.includes(',formula-'));
    expect(lines.length).toBeGreaterThanOrEqual(names.length);
    for (const line of lines) {
      // No cell of the line starts with a formula character (quoted or not).
      for (const cell of line.split(',')) expect(cell, line).not.toMatch(/^"?[=+\-@\t\r]/);
    }
    expect(csv).toContain(`"'=HYPERLINK(""https://evil.example"",""Жми"")"`);
    // The export read back (the CLI's and the upload's reader) gives the names as they were.
    const back = parseCatalogueCsv(csv.replace(/^\uFEFF/, ''));
    expect(back.filter((x) => x.slug.startsWith('formula-')).map((x) => x.name)).toEqual(names);
    expect(back.filter((x) => x.slug.startsWith('formula-')).map((x) => x.description)).toEqual(names);
  });
});
