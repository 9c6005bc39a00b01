import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { untilStill } from './axe';
import { launchBrowser, newDataDir, removeDir, runCli, type Site, startSite, watchErrors } from './site';

/** Иванов holds every staff role (granted from the command line, as the first admin is); Петрова none. */
const STAFF = 'Иван Иванов';
const CITIZEN = 'Анна Петрова';

let site: Site;
let browser: Browser;
let staff: BrowserContext;
beforeAll(async () => {
  const dataDir = newDataDir();
  // PGlite is one process at a time: the roles are granted before the site starts.
  for (const role of ['admin', 'editor', 'catalogue', 'support']) {
    await runCli(['staff', '--', 'grant', '1000000001', role], dataDir);
  }
  [site, browser] = await Promise.all([startSite(dataDir), launchBrowser()]);
  staff = await signedIn(STAFF);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  if (site) removeDir(site.dataDir);
});

async function signedIn(citizen: string, viewport = { width: 1366, height: 900 }): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(`${site.url}/account`);
  await page.waitForURL(/\/esia-standin\/aas\/oauth2\/v2\/ac\?/, { timeout: 15_000 });
  await page.getByRole('button', { name: new RegExp(`Войти как ${citizen}`) }).click();
  await page.waitForURL((url) => url.pathname === '/account', { timeout: 15_000 });
  await page.close();
  return context;
}

async function anonymousPage(): Promise<Page> {
  return (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
}

/** Waits until the outbox stand-in shows `text` (the site's senders run as background jobs). */
async function inOutbox(page: Page, text: string): Promise<void> {
  // The bound only fails a message that never comes.
  await vi.waitFor(
    async () => {
      await page.goto(`${site.url}/outbox-standin/`);
      if (!(await page.content()).includes(text)) throw new Error(`the outbox never showed «${text}»`);
    },
    { timeout: 30_000, interval: 250 },
  );
}

describe('the staff back office', () => {
  it('answers 404 at every /staff page to a visitor and to a citizen without a role', async () => {
    const visitor = await anonymousPage();
    const citizen = await (await signedIn(CITIZEN)).newPage();
    for (const page of [visitor, citizen]) {
      for (const path of [
        '/staff',
        '/staff/news',
        '/staff/news/new',
        '/staff/tariffs',
        '/staff/flags',
        '/staff/people',
      ]) {
        const res = await page.goto(site.url + path);
        expect(res?.status(), path).toBe(404);
        await page.getByRole('heading', { name: 'Страница не найдена' }).waitFor();
      }
    }
  });

  it('lets an editor write a story with a live preview and publish it; a visitor then reads it on /news', async () => {
    const page = await staff.newPage();
    const errors = watchErrors(page);
    await page.goto(`${site.url}/staff/news/new`);
    await page.getByLabel(/^Заголовок/).fill('Сайт научился новому');
    await page.getByLabel(/^Адрес новости/).fill('sait-nauchilsya');
    await page.getByLabel(/^Краткое описание/).fill('Новость, опубликованная из служебного раздела.');
    await page.getByLabel(/^Текст \(Markdown\)/).fill('## Что нового\n\nТеперь новости **публикуются** без SQL.');
    await page
      .getByRole('region', { name: 'Как будет на сайте' })
      .getByRole('heading', { name: 'Что нового' })
      .waitFor();
    await page.getByRole('button', { name: 'Сохранить черновик' }).click();
    await page.waitForURL(/\/staff\/news\/\d+$/);
    await page.getByRole('button', { name: 'Опубликовать сейчас' }).click();
    await page.getByText('На сайте', { exact: true }).waitFor();
    expect(errors).toEqual([]);

    const visitor = await anonymousPage();
    await visitor.goto(`${site.url}/news`);
    await visitor.getByRole('link', { name: 'Сайт научился новому' }).click();
    await visitor.getByText('публикуются').waitFor();
  });

  it('previews and applies a catalogue upload, and /tariffs shows the change', async () => {
    const page = await staff.newPage();
    const exported = await page.request.get(`${site.url}/api/v1/staff/tariffs/export?format=json`);
    const catalogue = (await exported.json()) as { operatorSlug: string; slug: string; name: string }[];
    // The first tariff a visitor sees on /tariffs/moskva (packages, cheapest first), renamed by the file.
    const first = await page.request.get(
      `${site.url}/api/v2/tariff/list?QueryType=Package&RegionSlug=moskva&Skip=0&Take=1&SortBy=price&SortDesc=false`,
    );
    const shown = ((await first.json()) as { data: { operatorSlug: string; slug: string }[] }).data[0];
    const cheapest = catalogue.find((x) => x.operatorSlug === shown?.operatorSlug && x.slug === shown?.slug);
    if (!cheapest) throw new Error('the first tariff of /tariffs/moskva is not in the export');
    const file = join(site.dataDir, 'katalog.json');
    writeFileSync(file, JSON.stringify([{ ...cheapest, name: 'Тариф из файла' }]));
    await page.goto(`${site.url}/staff/tariffs`);
    await page.locator('input[type=file]').setInputFiles(file);
    await page.getByRole('button', { name: 'Показать изменения' }).click();
    await page.getByRole('heading', { name: 'Что изменится: katalog.json' }).waitFor();
    await page
      .getByRole('region', { name: 'Изменения по операторам и регионам' })
      .getByText(/г\. Москва/)
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Применить' }).click();
    await page.getByText(/Применено:/).waitFor();

    const visitor = await anonymousPage();
    await visitor.goto(`${site.url}/tariffs/moskva`);
    await visitor
      .getByText('Тариф из файла')
      .first()
      .waitFor({ timeout: 10_000 })
      .catch(async (err: unknown) => {
        await visitor.screenshot({ path: '/tmp/staff-tariffs-moskva.png', fullPage: true });
        const listed = await visitor.request.get(
          `${site.url}/api/v2/tariff/list?QueryType=Package&RegionSlug=moskva&Skip=0&Take=3&SortBy=price&SortDesc=false`,
        );
        throw new Error(`${String(err)}; cheapest was ${cheapest.name}; the list: ${await listed.text()}`);
      });
  });

  it('switches a feature off after saying what disappears, and its route goes', async () => {
    const page = await staff.newPage();
    await page.goto(`${site.url}/staff/flags`);
    // Mantine draws the switch over a visually hidden checkbox: the click goes to it as a person's would.
    await page.getByRole('switch', { name: 'Новости: выключить' }).click({ force: true });
    const dialog = page.getByRole('dialog', { name: 'Выключить раздел «Новости»?' });
    await dialog.getByText(/Пропадут список новостей/).waitFor();
    await dialog.getByRole('button', { name: 'Выключить' }).click();
    await page.getByRole('switch', { name: 'Новости: включить' }).waitFor();

    const visitor = await anonymousPage();
    const gone = await visitor.goto(`${site.url}/news`);
    expect(gone?.status()).toBe(404);
    await visitor.getByRole('heading', { name: 'Страница не найдена' }).waitFor();

    await page.getByRole('switch', { name: 'Новости: включить' }).click({ force: true });
    await page.getByRole('dialog').getByRole('button', { name: 'Включить' }).click();
    await page.getByRole('switch', { name: 'Новости: выключить' }).waitFor();
    expect((await visitor.goto(`${site.url}/news`))?.status()).toBe(200);
  });

  it('answers a feedback message by e-mail, and the reply is in the outbox and kept with the message', async () => {
    const visitor = await anonymousPage();
    await visitor.goto(`${site.url}/contacts`);
    await visitor.getByLabel('Имя').fill('Анна Петрова');
    await visitor.getByLabel('Электронная почта').fill('anna.feedback@example.ru');
    await visitor.getByRole('textbox', { name: 'Сообщение' }).fill('Когда придёт SMS о дате переноса номера?');
    await visitor.locator('altcha-widget input[type=checkbox]').click({ force: true });
    await visitor.waitForFunction(
      () => !document.querySelector('form button[type=submit]')?.hasAttribute('disabled'),
      null,
      {
        timeout: 30_000,
      },
    );
    await visitor.getByRole('button', { name: 'Отправить' }).click();
    await visitor.getByText('Сообщение отправлено').waitFor();

    const page = await staff.newPage();
    await page.goto(`${site.url}/staff/feedback`);
    await page
      .getByRole('row', { name: /Анна Петрова/ })
      .getByRole('link')
      .first()
      .click();
    await page.getByText('Когда придёт SMS о дате переноса номера?').waitFor();
    await page.getByRole('textbox', { name: /^Текст ответа/ }).fill('SMS придёт за день до переноса.');
    await page.getByRole('button', { name: 'Отправить ответ' }).click();
    await page
      .getByText(/Служба|SMS придёт за день до переноса\./)
      .first()
      .waitFor();
    await inOutbox(page, 'SMS придёт за день до переноса.');
    expect(await page.content()).toContain('anna.feedback@example.ru');
  });

  it('cancels a stuck porting with a reason, and the subscriber is told', async () => {
    const page = await staff.newPage();
    let stuck: number | undefined;
    for (let id = 1; id <= 60 && stuck === undefined; id++) {
      const res = await page.request.get(`${site.url}/api/v1/staff/porting/orders/${id}`);
      if (!res.ok()) continue;
      const order = (await res.json()) as { status: string; portation: { windowStart: string | null } | null };
      if (order.status === 'PendingBDPN' && order.portation?.windowStart === null) stuck = id;
    }
    const refusals: string[] = [];
    if (stuck === undefined) {
      // No demo porting is waiting now: a draft a subscriber started and left is stuck too.
      const subscriber = await (await signedIn(CITIZEN)).newPage();
      const headers = { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };
      const info = (await (await subscriber.request.get(`${site.url}/api/v1/account/info`)).json()) as {
        msisdns: { msisdn: string }[];
      };
      for (const { msisdn } of info.msisdns) {
        const res = await subscriber.request.post(`${site.url}/api/v1/order/portation/init`, {
          headers,
          data: { msisdn },
        });
        if (res.ok()) {
          stuck = ((await res.json()) as { id: number }).id;
          break;
        }
        refusals.push(`${msisdn}: ${res.status()} ${await res.text()}`);
      }
    }
    if (stuck === undefined) throw new Error(`no order to cancel: ${refusals.join('; ')}`);
    await page.goto(`${site.url}/staff/porting`);
    await page.getByRole('textbox', { name: 'Номер заявления или телефона' }).fill(String(stuck));
    await page.getByRole('button', { name: 'Найти' }).click();
    await page.getByRole('link', { name: `№ ${stuck}` }).click();
    await page.getByRole('heading', { name: 'Ход заявления' }).waitFor();
    await page.getByRole('textbox', { name: 'Причина для абонента' }).fill('оператор-донор не отвечает');
    await page.getByRole('button', { name: 'Отменить заявление' }).click();
    await page.getByText('Отменено', { exact: true }).waitFor();
    await inOutbox(page, 'Заявление отменено службой поддержки: оператор-донор не отвечает');
  });

  it('passes axe (WCAG 2.2 AA) on every back-office page at 1366×900 and 390×844', async () => {
    const findings: string[] = [];
    for (const viewport of [
      { width: 1366, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const context = await signedIn(STAFF, viewport);
      const page = await context.newPage();
      for (const path of [
        '/staff',
        '/staff/news',
        '/staff/news/1',
        '/staff/news/new',
        '/staff/tariffs',
        '/staff/flags',
        '/staff/feedback',
        '/staff/feedback/1',
        '/staff/porting',
        '/staff/porting/1',
        '/staff/jobs',
        '/staff/people',
        '/staff/audit',
      ]) {
        await page.goto(site.url + path);
        await page.locator('main h1').first().waitFor();
        await untilStill(page);
        const result = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
          .analyze();
        for (const v of result.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')) {
          findings.push(
            `${viewport.width} ${path}: ${v.id} — ${v.nodes
              .map((n) => n.target.join(' '))
              .slice(0, 3)
              .join(', ')}`,
          );
        }
        if (process.env.A11Y_SCREENSHOTS) {
          await page.screenshot({
            path: join(process.env.A11Y_SCREENSHOTS, `staff${path.replaceAll('/', '_')}-${viewport.width}.png`),
            fullPage: true,
          });
        }
      }
      await context.close();
    }
    expect(findings).toEqual([]);
  }, 240_000);
});
