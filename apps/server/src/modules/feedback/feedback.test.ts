import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { feedback } from './tables';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, 'reference');
});
afterAll(async () => t?.close());

/** Does what the ALTCHA widget does in the browser: fetch a challenge, solve it, encode the payload. */
async function solvedPayload(): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/feedback/challenge' });
  expect(res.statusCode).toBe(200);
  const challenge = res.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('challenge not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

const message = {
  name: 'Анна Петрова',
  email: 'anna@example.ru',
  topic: 'Перенос номера',
  message: 'Когда придёт SMS о дате переноса?',
};

const stored = async () => (await t.database.handle.db.select({ n: count() }).from(feedback))[0]?.n ?? 0;

function send(body: object, ip = '10.0.0.1') {
  return t.app.inject({ method: 'POST', url: '/api/v1/feedback/send', payload: body, remoteAddress: ip });
}

describe('feedback', () => {
  it('stores a message whose captcha is solved', async () => {
    const before = await stored();
    const res = await send({ ...message, altcha: await solvedPayload() });
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toEqual(expect.any(Number));
    expect(await stored()).toBe(before + 1);
  });

  it('refuses a reused, forged or missing captcha and stores nothing', async () => {
    const payload = await solvedPayload();
    expect((await send({ ...message, altcha: payload }, '10.0.0.2')).statusCode).toBe(200);
    const before = await stored();
    const reused = await send({ ...message, altcha: payload }, '10.0.0.2');
    expect(reused.statusCode).toBe(400);
    expect(reused.json().errors.altcha[0]).toMatch(/не робот/);
    const decoded = JSON.parse(Buffer.from(payload, 'base64').toString());
    decoded.solution.counter += 1;
    const forged = await send(
      { ...message, altcha: Buffer.from(JSON.stringify(decoded)).toString('base64') },
      '10.0.0.3',
    );
    expect(forged.statusCode).toBe(400);
    const garbage = await send({ ...message, altcha: 'not-a-payload' }, '10.0.0.3');
    expect(garbage.statusCode).toBe(400);
    const missing = await send(message, '10.0.0.3');
    expect(missing.json().errors).toEqual({ altcha: ['Обязательное поле.'] });
    expect(await stored()).toBe(before);
  });

  it('explains bad fields in Russian', async () => {
    const res = await send(
      { name: '', email: 'не почта', topic: 'Погода', message: 'коротко', altcha: 'x' },
      '10.0.0.4',
    );
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors;
    expect(errors.name).toEqual(['Не может быть пустым.']);
    expect(errors.email).toEqual(['Введите адрес электронной почты целиком, например anna@mail.ru.']);
    expect(errors.topic[0]).toMatch(/^Допустимые значения: Перенос номера/);
    expect(errors.message).toEqual(['Не короче 10 символов.']);
  });

  it('limits one address to 5 messages in 10 minutes, with a Russian 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await send({ ...message, altcha: 'x' }, '10.0.0.9')).statusCode);
    expect(statuses.slice(0, 5).every((s) => s === 400)).toBe(true);
    const limited = await send({ ...message, altcha: 'x' }, '10.0.0.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().detail).toMatch(/Попробуйте снова через \d+ мин\./);
  });
});

describe('feedback with SUPPORT_EMAIL', () => {
  let s: TestApp;
  beforeAll(async () => {
    s = await createTestApp({ supportEmail: 'support@perenos.example' }, 'reference');
  });
  afterAll(async () => s?.close());

  it('queues a copy of each new message to support with the message, its number and the sender', async () => {
    const challenge = (await s.app.inject({ method: 'GET', url: '/api/v1/feedback/challenge' })).json();
    const solution = await solveChallenge({ challenge, deriveKey });
    const altcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/v1/feedback/send',
      payload: { ...message, altcha },
      remoteAddress: '10.0.9.1',
    });
    expect(res.statusCode).toBe(200);
    const { id } = res.json();
    const copies = (await s.database.handle.db.execute(
      "select subject, body from notifications where recipient = 'support@perenos.example'",
    )) as unknown as { rows: { subject: string; body: string }[] };
    expect(copies.rows).toHaveLength(1);
    expect(copies.rows[0]?.subject).toBe(`Обращение № ${id}: Перенос номера`);
    expect(copies.rows[0]?.body).toContain(message.message);
    expect(copies.rows[0]?.body).toContain('anna@example.ru');
  });
});
