import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Site, watchErrors, withSiteAndBrowser } from './site';

let site: Site;
let browser: Browser;
withSiteAndBrowser((s, b) => {
  site = s;
  browser = b;
});

const phoneField = (page: Page) => page.getByRole('textbox', { name: 'Номер телефона' });

/** Pastes text into the focused field the way a browser does on Ctrl+V. */
async function paste(page: Page, text: string) {
  await phoneField(page).focus();
  await page.evaluate((value) => {
    const data = new DataTransfer();
    data.setData('text/plain', value);
    document.activeElement?.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
}

describe('/check', () => {
  it('a visitor types or pastes a number and sees its operator, region and porting; the quota counts down', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.goto(`${site.url}/check`);
    await page.getByRole('heading', { name: 'Проверка номера' }).waitFor();
    await page.getByTestId('demo-note').waitFor();
    expect(await page.getByTestId('lookup-quota').innerText()).toContain('Осталось проверок сегодня: 20.');
    expect(await page.getByTestId('lookup-quota').innerText()).toContain('00:00 (МСК)');

    // Typing the whole number as people do, with or without a leading 8: the mask places it right.
    await phoneField(page).click();
    await page.keyboard.type('89261234567');
    expect(await phoneField(page).inputValue()).toBe('+7 (926) 123-45-67');
    await phoneField(page).fill('');
    await phoneField(page).click();
    await page.keyboard.type('9261234567');
    expect(await phoneField(page).inputValue()).toBe('+7 (926) 123-45-67');
    // One lookup is one request of the lookup API: the answer carries the quota left (no second call for it).
    const calls: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/api/v1.1/msisdn/')) calls.push(path);
    });
    await page.keyboard.press('Enter');
    const card = page.getByTestId('lookup-result');
    // The demo registry has this МегаФон-range number ported to МТС on 2 September 2024.
    await card.getByText('МТС', { exact: true }).waitFor();
    expect(await card.innerText()).toContain('г. Москва и Московская область');
    expect(await card.innerText()).toContain('Номер перенесён');
    expect(await card.innerText()).toContain('2 сентября 2024');
    await page.getByText('Осталось проверок сегодня: 19.').waitFor();
    expect(calls).toEqual(['/api/v1.1/msisdn/info/single']);
    await page.screenshot({ path: '/tmp/check-result.png', fullPage: true });

    // Pasting a number in another notation replaces the field as a whole.
    await paste(page, '8 (903) 000-00-01');
    expect(await phoneField(page).inputValue()).toBe('+7 (903) 000-00-01');
    await page.getByRole('button', { name: 'Проверить' }).click();
    await card.getByText('Билайн').waitFor();
    expect(await card.innerText()).toContain('Номер не переносился');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('says a pasted landline is not mobile and a foreign number is foreign, clearing the earlier answer', async () => {
    const page = await browser.newPage();
    await page.goto(`${site.url}/check`);
    await page.getByRole('heading', { name: 'Проверка номера' }).waitFor();
    await paste(page, '+7 926 123-45-67');
    await page.keyboard.press('Enter');
    await page.getByTestId('lookup-result').waitFor();

    await paste(page, '8 495 123-45-67');
    await page.getByText('+7 (495) 123-45-67 — не мобильный номер', { exact: false }).waitFor();
    expect(await page.getByTestId('lookup-result').count()).toBe(0);
    expect(await page.getByText('Введите номер полностью').count()).toBe(0);

    await paste(page, '+44 20 7946 0958');
    await page.getByText('Это номер другой страны', { exact: false }).waitFor();
    await page.close();
  });

  it('explains an incomplete number, a number in no range and a spent quota in Russian', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.goto(`${site.url}/check`);
    await phoneField(page).click();
    await page.keyboard.type('16123');
    await page.getByRole('button', { name: 'Проверить' }).click();
    await page.getByText('Введите номер полностью: +7 (9XX) XXX-XX-XX.').waitFor();

    await paste(page, '+7 940 000 00 00');
    await page.getByRole('button', { name: 'Проверить' }).click();
    await page.getByText('Номер не найден: он не входит ни в один диапазон плана нумерации.').waitFor();

    // Spend the rest of the day's lookups of this address, then try once more.
    for (;;) {
      const status = await page.evaluate(async () => {
        const res = await fetch('/api/v1.1/msisdn/info/single', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ msisdn: '79161234567' }),
        });
        return res.status;
      });
      if (status === 429) break;
      expect(status).toBe(200);
    }
    await paste(page, '+7 916 123 45 67');
    await page.getByRole('button', { name: 'Проверить' }).click();
    await page.getByText(/^Лимит проверок на сегодня исчерпан\. Новые проверки будут доступны .* \(МСК\)\.$/).waitFor();
    await page.getByText('Проверки на сегодня закончились.').waitFor();
    await page.screenshot({ path: '/tmp/check-errors.png', fullPage: true });
    // The expected 404 and 429 answers show up both as responses and as console messages.
    expect(errors.filter((e) => !/(HTTP |status of )(404|429)/.test(e))).toEqual([]);
    expect(errors.some((e) => e.startsWith('HTTP 404'))).toBe(true);
    await page.close();
  });

  it('a signed-in user uploads a file of numbers and downloads the answers; the sample file downloads too', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.goto(`${site.url}/check`);
    // Sign-in through the ESIA stand-in brings the visitor back to /check.
    await page.getByRole('main').getByRole('link', { name: 'Войти через Госуслуги' }).click();
    await page.waitForURL(/\/esia-standin\/aas\/oauth2\/v2\/ac\?/, { timeout: 15_000 });
    await page.getByRole('button', { name: /Войти как Иван Иванов/ }).click();
    await page.waitForURL((url) => url.pathname === '/check', { timeout: 15_000 });
    const zone = page.getByText('Перетащите файл сюда или нажмите, чтобы выбрать');
    await zone.waitFor();

    const sample = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Скачать пример файла' }).click();
    const sampleFile = await sample;
    expect(sampleFile.suggestedFilename()).toBe('пример-номеров.csv');
    expect(readFileSync((await sampleFile.path()) ?? '', 'utf8')).toContain('+7 916 123-45-67');

    const download = page.waitForEvent('download');
    await page.getByLabel('Файл с номерами').setInputFiles({
      name: 'клиенты.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Имя;Телефон\r\nИван;+7 916 123-45-67\r\nОшибка;12345\r\nПётр;8 926 000 00 00\r\n'),
    });
    const result = await download;
    expect(result.suggestedFilename()).toBe('клиенты-результат.csv');
    const lines = readFileSync((await result.path()) ?? '', 'utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('79161234567;МегаФон');
    expect(lines[2]).toMatch(/;Неверный номер$/);
    expect(lines[3]).toContain('79260000000;МегаФон');
    await page.getByRole('button', { name: 'Скачать результат ещё раз' }).waitFor();
    // The message says so: the notifications' container mounts with the first message (decision 120).
    await page.getByRole('alert').filter({ hasText: 'Готово: файл с результатом скачан.' }).waitFor();

    // A file of the wrong kind is refused before it is sent.
    await page
      .getByLabel('Файл с номерами')
      .setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF') });
    await page.getByText('Загрузите файл в формате CSV, TXT или XLSX.').waitFor();
    await page.screenshot({ path: '/tmp/check-batch.png', fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });
});
