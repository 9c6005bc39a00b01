import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { audit } from './axe';
import { apiCall, type Site, watchErrors, withSiteAndBrowser } from './site';

let site: Site;
let browser: Browser;
withSiteAndBrowser((s, b) => {
  site = s;
  browser = b;
});

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const WATCHED = '79037654321';

async function newContext(): Promise<BrowserContext> {
  return browser.newContext({ viewport: DESKTOP, locale: 'ru-RU', timezoneId: 'Europe/Moscow' });
}

/** Signs in through the ESIA stand-in as the named test citizen and lands in the account. */
async function signIn(page: Page, name: RegExp) {
  await page.goto(`${site.url}/account`);
  await page.waitForURL(/\/esia-standin\/aas\/oauth2\/v2\/ac\?/, { timeout: 15_000 });
  await page.getByRole('button', { name }).click();
  await page.waitForURL(`${site.url}/account`, { timeout: 15_000 });
}

/** What the outbox stand-in shows, once it shows all of `wanted` (the site's workers send within seconds). */
async function outboxWith(page: Page, wanted: RegExp[]): Promise<string> {
  // The bound only fails a message that never comes.
  return vi.waitFor(
    async () => {
      await page.goto(`${site.url}/outbox-standin/`);
      const text = await page.locator('table').innerText();
      if (!wanted.every((w) => w.test(text)))
        throw new Error(`outbox lacks ${wanted.filter((w) => !w.test(text)).join(', ')}`);
      return text;
    },
    { timeout: 30_000, interval: 250 },
  );
}

/** Screenshots at both sizes into /tmp, with axe run on each and nothing sticking out sideways. */
async function look(page: Page, name: string, findings: string[]) {
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `/tmp/watch-${name}-${size}.png`, fullPage: true });
    findings.push(
      ...(await audit(page, `${name} (${size})`)).map((f) => `${f.where}: ${f.id} — ${f.targets.join(', ')}`),
    );
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (overflow > 0) findings.push(`${name} (${size}): ${overflow}px wider than the window`);
  }
  await page.setViewportSize(DESKTOP);
}

describe('number watch', () => {
  it('tells the first citizen, in the account and by e-mail and SMS, that a second one is porting their number, and lets them stop it', async () => {
    const findings: string[] = [];
    const owner = await (await newContext()).newPage();
    const ownerErrors = watchErrors(owner);
    await signIn(owner, /Войти как Иван Иванов/);

    // The switch of the second number: on, and the account says what it does.
    const card = owner.getByRole('article', { name: '+7 (903) 765-43-21' });
    const toggle = card.getByRole('switch', {
      name: 'Сообщать о попытках перенести номер +7 (903) 765-43-21',
      exact: true,
    });
    expect(await toggle.isChecked()).toBe(false);
    await toggle.check();
    await card.getByText('Письмо и SMS придут, если кто-то попробует перенести номер.').waitFor();
    await owner.reload();
    expect(await owner.getByRole('article', { name: '+7 (903) 765-43-21' }).getByRole('switch').isChecked()).toBe(true);
    await look(owner, 'account-switched-on', findings);

    // Анна Петрова starts an application for it in her own browser.
    const stranger = await (await newContext()).newPage();
    await signIn(stranger, /Войти как Анна Петрова/);
    await stranger.goto(`${site.url}/portation/init`);
    await stranger.getByLabel('Номер телефона').click();
    await stranger.keyboard.type(WATCHED.slice(1));
    await stranger.getByRole('button', { name: 'Проверить номер' }).click();
    const created = stranger.getByTestId('order-created');
    await created.waitFor();
    const orderId = Number(/№ (\d+)/.exec(await created.innerText())?.[1]);
    expect(orderId).toBeGreaterThan(0);

    // The owner's account shows it within seconds, with what to do; the outbox has the e-mail and the SMS.
    await owner.goto(`${site.url}/account`);
    const alerts = owner.getByRole('region', { name: 'Оповещения' });
    await alerts.getByRole('heading', { name: 'Начато заявление на перенос номера' }).waitFor({ timeout: 10_000 });
    expect(await alerts.innerText()).toContain(
      'Это были не вы? Позвоните своему оператору и запретите перенос номера без вашего присутствия.',
    );
    const mail = await outboxWith(stranger, [
      /ivanov@example\.ru\s+Попытка перенести номер \+7 \(903\) 765-43-21/,
      /79037654321\s+Начато заявление на перенос номера: \+7 \(903\) 765-43-21/,
    ]);
    expect(mail).toContain('На этом сайте начали заявление на перенос номера +7 (903) 765-43-21');

    // She goes on and submits it (by the API, as the wizard would): it waits for the owner's answer.
    const megafon = await apiCall<{ id: number }>(stranger, 'GET', '/api/v1/operator/megafon');
    const tariffs = await apiCall<{ data: { id: number; operatorId: number }[] }>(
      stranger,
      'GET',
      '/api/v2/tariff/all?RegionCode=77',
    );
    const order = await apiCall<{ earliestPortationAt: string }>(stranger, 'GET', `/api/v1/order/portation/${orderId}`);
    await apiCall(stranger, 'PUT', `/api/v1/order/portation/${orderId}`, {
      operatorId: megafon.id,
      tariffId: tariffs.data.find((t) => t.operatorId === megafon.id)?.id,
      portationAt: order.earliestPortationAt,
      sim: { kind: 'esim' },
    });
    await apiCall(stranger, 'POST', `/api/v1/order/portation/${orderId}/code`);
    const withCode = await outboxWith(stranger, [/Код подтверждения: \d{6}/]);
    const code = /Код подтверждения: (\d{6})/.exec(withCode)?.[1];
    const terms = await apiCall<{ version: string }>(stranger, 'GET', `/api/v1/order/portation/${orderId}/terms`);
    const submitted = await apiCall<{ status: string; events: { kind: string }[] }>(
      stranger,
      'PUT',
      `/api/v1/order/portation/${orderId}/submit`,
      { consent: true, confirmationCode: code, contractVersion: terms.version },
    );
    expect(submitted.status).toBe('PendingBDPN');
    expect(submitted.events.map((e) => e.kind)).toContain('held');

    // The owner sees the held application with its two buttons, on the account and on the alerts page.
    await owner.goto(`${site.url}/account`);
    const held = owner.getByRole('article', { name: 'Подано заявление на перенос номера' }).first();
    await held.getByText('Ждёт вашего ответа', { exact: true }).waitFor({ timeout: 10_000 });
    await held.getByRole('button', { name: 'Да, это я' }).waitFor();
    await look(owner, 'account-held', findings);
    await owner.getByRole('link', { name: /Все оповещения \(\d+\)/ }).click();
    await owner.waitForURL(`${site.url}/account/alerts`);
    await owner.locator('main h1', { hasText: 'Оповещения' }).waitFor();
    await look(owner, 'alerts-held', findings);

    // «Это не я»: the application ends, and its applicant reads why.
    const onPage = owner.getByRole('article', { name: 'Подано заявление на перенос номера' }).first();
    expect(await onPage.innerText()).toMatch(
      /подано заявление на перенос номера \+7 \(903\) 765-43-21 к оператору МегаФон, перенос в ночь на \d{1,2} [а-я]+ \d{4} \(00:00–06:00 МСК\)/,
    );
    expect(await onPage.innerText()).toContain('Если вы не ответите до');
    await onPage.getByRole('button', { name: 'Это не я' }).click();
    // Asked once more, since it cannot be taken back; «Нет, вернуться» changes nothing.
    const ask = onPage.getByTestId('alert-answer-confirm');
    expect(await ask.innerText()).toContain('Заявление будет отклонено окончательно');
    await look(owner, 'alerts-refuse-asked', findings);
    await ask.getByRole('button', { name: 'Нет, вернуться' }).click();
    await onPage.getByRole('button', { name: 'Это не я' }).click();
    await onPage.getByRole('button', { name: 'Да, отклонить' }).click();
    await onPage.getByText('Вы отклонили', { exact: true }).waitFor();
    // Answered: no more «Это были не вы?», but what to do now that it is known it was not them.
    expect(await onPage.innerText()).not.toContain('Это были не вы?');
    expect(await onPage.innerText()).toContain('Раз заявление подали не вы');
    expect(await onPage.getByRole('button', { name: 'Да, это я' }).count()).toBe(0);
    await look(owner, 'alerts-refused', findings);
    const ended = await apiCall<{ status: string; reason: string }>(
      stranger,
      'GET',
      `/api/v1/order/portation/${orderId}`,
    );
    expect(ended).toMatchObject({ status: 'Deleted' });
    expect(ended.reason).toMatch(/^Владелец номера ответил, что не подавал это заявление/);
    // The applicant reads why, and is not offered to file it again the same day.
    await stranger.goto(`${site.url}/portation/${orderId}/done`);
    const why = stranger.getByTestId('order-reason');
    await why.getByText('Владелец номера отклонил заявление').waitFor();
    expect(await why.innerText()).toContain('снова можно завтра');
    expect(await stranger.getByRole('button', { name: 'Подать заново' }).count()).toBe(0);
    await look(stranger, 'applicant-refused', findings);

    expect(findings).toEqual([]);
    expect(ownerErrors).toEqual([]);
  }, 240_000);
});

describe('«Получить код» of the number watch', () => {
  it('lets a citizen with no verified mobile confirm a number of the account by an SMS code and watch it', async () => {
    const findings: string[] = [];
    const page = await (await newContext()).newPage();
    const errors = watchErrors(page);
    await signIn(page, /Войти как .*Сидоров/);
    // A draft of his puts a number in his account, which nothing confirms yet.
    const msisdn = '79165550077';
    await page.goto(`${site.url}/portation/init`);
    await page.getByLabel('Номер телефона').click();
    await page.keyboard.type(msisdn.slice(1));
    await page.getByRole('button', { name: 'Проверить номер' }).click();
    await page.getByTestId('order-created').waitFor();
    await page.goto(`${site.url}/account`);
    const card = page.getByRole('article', { name: '+7 (916) 555-00-77' });
    const toggle = card.getByRole('switch', { name: 'Сообщать о попытках перенести номер +7 (916) 555-00-77' });
    expect(await toggle.isDisabled()).toBe(true);
    await card.getByRole('button', { name: 'Получить код на номер +7 (916) 555-00-77' }).click();
    const field = card.getByLabel('Код из SMS для номера +7 (916) 555-00-77');
    await field.waitFor();
    await look(page, 'account-watch-code', findings);
    // A wrong code is said beside the field; the right one, from the SMS, confirms the number and switches it on.
    await field.fill('000000');
    await card.getByRole('button', { name: 'Подтвердить номер' }).click();
    await card.getByText(/Неверный код|Попытки ввода исчерпаны/).waitFor();
    const sms = await outboxWith(await page.context().newPage(), [
      /79165550077\s+Код подтверждения: \d{6}\. Он подтверждает, что номер ваш/,
    ]);
    const code = /79165550077\s+Код подтверждения: (\d{6})/.exec(sms)?.[1] ?? '';
    await field.fill(code);
    await card.getByRole('button', { name: 'Подтвердить номер' }).click();
    await vi.waitFor(async () => expect(await toggle.isChecked()).toBe(true), { timeout: 10_000 });
    await card.getByText('Письмо и SMS придут, если кто-то попробует перенести номер.').waitFor();
    await look(page, 'account-watch-confirmed', findings);
    expect(findings).toEqual([]);
    // The wrong code's 400 is the one failed call, on purpose; nothing else failed.
    expect(errors.filter((e) => !/HTTP 400 .*\/confirm$|status of 400/.test(e))).toEqual([]);
  }, 180_000);
});
