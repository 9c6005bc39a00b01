import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { audit, clippedLabels, type Finding, report, untilStill } from './axe';
import {
  closeOpenPages,
  launchBrowser,
  newDataDir,
  removeDir,
  runCli,
  type Site,
  startSite,
  watchErrors,
} from './site';

/** Иванов holds every staff role (granted from the command line, as the first admin is); Петрова none. */
const STAFF = 'Иван Иванов';
const CITIZEN = 'Анна Петрова';
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
/** The order the desk test cancelled: it has notifications to show and to send again. */
let cancelled: number | undefined;

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
afterEach(() => closeOpenPages(browser));
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
    // The address is left empty: it is made from the title.
    await page.getByLabel(/^Краткое описание/).fill('Новость, опубликованная из служебного раздела.');
    await page.getByLabel(/^Текст \(Markdown\)/).fill('## Что нового\n\nТеперь новости **публикуются** без SQL.');
    await page
      .getByRole('region', { name: 'Как будет на сайте' })
      .getByRole('heading', { name: 'Что нового' })
      .waitFor();
    await page.getByRole('button', { name: 'Сохранить черновик' }).click();
    await page.waitForURL(/\/staff\/news\/\d+$/);
    expect(await page.getByLabel(/^Адрес новости/).inputValue()).toBe('sayt-nauchilsya-novomu');
    await page.getByRole('button', { name: 'Опубликовать сейчас' }).click();
    await page.getByText('На сайте', { exact: true }).waitFor();
    expect(errors).toEqual([]);
    // The list reads newest first: the story just written above the demo's, which go back in time.
    await page.goto(`${site.url}/staff/news`);
    await page.getByRole('region', { name: 'Новости' }).getByRole('link').first().waitFor();
    const titles = await page.getByRole('region', { name: 'Новости' }).getByRole('link').allInnerTexts();
    expect(titles[0]).toBe('Сайт научился новому');
    const dates = await page
      .getByRole('region', { name: 'Новости' })
      .locator('tbody tr td:nth-child(3)')
      .allInnerTexts();
    const asTime = (d: string) => d.replace(/^(\d\d)\.(\d\d)\.(\d{4}), (.*)$/, '$3-$2-$1 $4');
    const published = dates.filter((d) => d !== '—').map(asTime);
    expect(published).toEqual([...published].sort().reverse());

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
    await page.getByText('Применено: 1 тариф добавлен или изменён.', { exact: true }).waitFor();

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

  it('cancels a stuck porting with a reason, and the subscriber is told, the delivery said in Russian', async () => {
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
    cancelled = stuck;
    // What was sent and what became of it, in words: «Отправлено», never «sent» or «pending».
    await page.goto(`${site.url}/staff/porting/${stuck}`);
    const sent = page.getByRole('region', { name: 'Уведомления' });
    await sent.getByText('Отправлено', { exact: true }).first().waitFor();
    const desk = await page.locator('main').innerText();
    expect(desk).not.toMatch(/\b(?:sent|pending|failed|skipped)\b/);
    // The central database's messages by their Russian names, never a protocol code («ContractSigned»).
    expect(desk).not.toMatch(/\b[A-Z][a-z]+[A-Z][a-zA-Z]+\b/);
  });

  it('lists the applications under way and the stuck ones on the desk, ten to a page', async () => {
    const page = await staff.newPage();
    await page.goto(`${site.url}/staff/porting`);
    const active = page.getByRole('region', { name: 'Заявления в работе' });
    await active.waitFor();
    const rows = await active.locator('tbody tr').count();
    expect(rows).toBeGreaterThan(0);
    expect(rows).toBeLessThanOrEqual(10);
    const total = Number((await page.getByText(/^Всего: \d+$/).innerText()).replace(/\D/g, ''));
    expect(rows).toBe(Math.min(10, total));
    if (total > 10) await page.getByRole('navigation').getByRole('button', { name: '2' }).waitFor();
    // Each row says where the application stands, in words.
    const stages = await active.locator('tbody tr td:nth-child(3)').allInnerTexts();
    for (const stage of stages) {
      expect(stage).toMatch(
        /^(Ждёт ответа владельца номера|Передаётся в БДПН|В БДПН и у нынешнего оператора|Назначено окно переноса)/,
      );
    }
    await page.getByText('Зависшие', { exact: true }).click();
    await page
      .getByText('Зависших заявлений нет.')
      .or(page.getByRole('columnheader', { name: 'Почему зависло' }))
      .first()
      .waitFor();
  });

  it('reads the journal in Russian: each action named, each change «было → стало», no code or JSON', async () => {
    const page = await staff.newPage();
    await page.goto(`${site.url}/staff/audit`);
    const journal = page.getByRole('region', { name: 'Журнал действий' });
    // The flags test switched «Новости» off and on again.
    await journal.getByText('Раздел: включён → выключен').first().waitFor();
    await journal.getByText('Раздел: выключен → включён').first().waitFor();
    await journal.getByText('Раздел «Новости»').first().waitFor();
    await journal.getByText('Заявление отменено поддержкой').first().waitFor();
    const text = await journal.innerText();
    expect(text).not.toMatch(/\b(?:news|tariffs|feedback|porting|flags|staff|jobs)\.[a-z.-]+/);
    expect(text).not.toContain('{"');
  });

  it('says only why the last admin cannot be removed: no toast besides', async () => {
    const page = await staff.newPage();
    const errors = watchErrors(page);
    await page.goto(`${site.url}/staff/people`);
    await page.getByRole('button', { name: /^Снять роль «администратор» у / }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Нельзя снять последнего администратора' });
    await alert.waitFor();
    expect(await alert.innerText()).toContain('Назначьте сначала другого администратора');
    // The mutation's refusal is said once, in place: no «Сервис временно недоступен» comes after it.
    await page.waitForTimeout(1500);
    expect(await page.locator('.mantine-Notification-root').count()).toBe(0);
    expect(await page.locator('body').innerText()).not.toContain('Сервис временно недоступен');
    // The refusal itself is the one error: its answer (409) and the browser's note of it.
    expect(errors.filter((e) => !/HTTP 409 .*\/roles\/admin$|status of 409/.test(e))).toEqual([]);
  });

  it('links the back office from the account menu and the phone menu, for staff only', async () => {
    const page = await staff.newPage();
    await page.goto(`${site.url}/`);
    await page.getByRole('button', { name: /^Иванов И\. И\./ }).click();
    await page.getByRole('menuitem', { name: 'Служебный раздел' }).click();
    await page.waitForURL(`${site.url}/staff`);
    await page.getByRole('heading', { name: 'Служебный раздел' }).waitFor();

    const phone = await (await signedIn(STAFF, PHONE)).newPage();
    await phone.goto(`${site.url}/`);
    await phone.getByRole('button', { name: 'Открыть меню' }).click();
    await phone.getByRole('dialog', { name: 'Меню' }).getByRole('link', { name: 'Служебный раздел' }).click();
    await phone.waitForURL(`${site.url}/staff`);

    const citizen = await (await signedIn(CITIZEN)).newPage();
    await citizen.goto(`${site.url}/`);
    await citizen.getByRole('button', { name: /^Петрова А\./ }).click();
    await citizen.getByRole('menuitem', { name: 'Личный кабинет' }).waitFor();
    expect(await citizen.getByRole('menuitem', { name: 'Служебный раздел' }).count()).toBe(0);
  });

  it('passes axe (WCAG 2.2 AA) on every back-office screen at 1366×900 and 390×844, nothing cut', async () => {
    const findings: Finding[] = [];
    const cut: string[] = [];
    for (const viewport of [DESKTOP, PHONE]) {
      const context = await signedIn(STAFF, viewport);
      const page = await context.newPage();
      const at = `${viewport.width}`;
      /** axe, the labels and the page's width as the screen is now; a screenshot to look at. */
      const check = async (name: string) => {
        await untilStill(page);
        findings.push(...(await audit(page, `${at} ${name}`)), ...(await clippedLabels(page, `${at} ${name}`)));
        const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (wide > 0) cut.push(`${at} ${name}: ${wide}px wider than the window`);
        const text = await page.locator('main').innerText();
        if (name !== '/staff/jobs' && /\b(?:news|tariffs|feedback|porting|flags|staff|jobs)\.[a-z.-]+/.test(text)) {
          cut.push(`${at} ${name}: an action's code on the screen`);
        }
        await page.screenshot({ path: `/tmp/staff-${name.replace(/[^a-z0-9а-я]+/gi, '_')}-${at}.png`, fullPage: true });
      };
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
        `/staff/porting/${cancelled ?? 1}`,
        '/staff/jobs',
        '/staff/people',
        '/staff/audit',
      ]) {
        await page.goto(site.url + path);
        await page.locator('main h1').first().waitFor();
        await page.waitForLoadState('networkidle');
        await check(path);
      }
      // The inbox's filter whole on a phone: «Обработанные (0)» is not cut to «Обработанные (0».
      await page.goto(`${site.url}/staff/feedback`);
      const handled = page.getByRole('button', { name: /^Обработанные \(\d+\)$/ });
      await handled.waitFor();
      const box = await handled.boundingBox();
      if (!box || box.x < 0 || box.x + box.width > viewport.width) cut.push(`${at} the inbox filter is cut`);
      // The stuck list.
      await page.goto(`${site.url}/staff/porting`);
      await page.getByText('Зависшие', { exact: true }).click();
      await page
        .getByText('Зависших заявлений нет.')
        .or(page.getByRole('region', { name: 'Зависшие заявления' }))
        .first()
        .waitFor();
      await check('stuck-list');
      // A toast (the green one, with its × and its text under the title).
      await page.goto(`${site.url}/staff/porting/${cancelled ?? 1}`);
      await page.getByRole('button', { name: 'Повторить последнее уведомление' }).click();
      await page.locator('.mantine-Notification-root').first().waitFor();
      await check('toast');
      // A file chosen for the catalogue: its field's × to clear it.
      await page.goto(`${site.url}/staff/tariffs`);
      const file = join(site.dataDir, 'axe.json');
      writeFileSync(file, '[]');
      await page.locator('input[type=file]').setInputFiles(file);
      await page.getByRole('button', { name: 'Убрать выбранный файл' }).waitFor();
      await check('tariffs-file');
      // The refusal to remove the last admin, said in place.
      await page.goto(`${site.url}/staff/people`);
      await page.getByRole('button', { name: /^Снять роль «администратор» у / }).click();
      await page.getByRole('alert').filter({ hasText: 'Нельзя снять последнего администратора' }).waitFor();
      await check('last-admin');
      // The menus that lead here.
      await page.goto(`${site.url}/staff`);
      if (viewport === PHONE) {
        await page.getByRole('button', { name: 'Открыть меню' }).click();
        await page.getByRole('dialog', { name: 'Меню' }).getByRole('link', { name: 'Служебный раздел' }).waitFor();
        await check('phone-menu');
      } else {
        await page.getByRole('button', { name: /^Иванов И\. И\./ }).click();
        await page.getByRole('menuitem', { name: 'Служебный раздел' }).waitFor();
        await check('account-menu');
      }
      await context.close();
    }
    expect(report(findings)).toBe('');
    expect(cut).toEqual([]);
  }, 400_000);
});
