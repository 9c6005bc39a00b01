import type { FastifyPluginAsync } from 'fastify';
import { formatMoscowDateTime } from '../../lib/moscow';
import { insertOutboxMessage, recentOutbox } from './repository';

/** Where the outbox stand-in is mounted (demo and test only). */
export const OUTBOX_PREFIX = '/outbox-standin';

function esc(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:#f3f5f4;color:#1b1f1d}
header{background:#2b5c3a;color:#fff;padding:16px 24px}header h1{margin:0;font-size:22px}header p{margin:4px 0 0;font-size:14px}
main{max-width:900px;margin:0 auto;padding:24px 16px}
table{width:100%;border-collapse:collapse;background:#fff;font-size:14px}
th,td{text-align:left;padding:8px 10px;border-bottom:1px solid #d5dbd7;vertical-align:top}
th{background:#e8ece9}td.when{white-space:nowrap}td.text{white-space:pre-wrap}
`;

const asText = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max) : '');

/**
 * The SMS and e-mail gateways' stand-in: it speaks the same HTTP contract as a real gateway
 * (senders.ts), keeps what it receives, and shows it on a page — what the site would have sent.
 */
export const outboxStandin: FastifyPluginAsync = async (app) => {
  for (const channel of ['sms', 'email'] as const) {
    app.post(`/api/${channel}`, async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const to = asText(body.to, 200);
      const text = asText(body.text, 10_000);
      if (to === '' || text === '') return reply.code(400).send({ error: 'нужны поля to и text' });
      await insertOutboxMessage(app.db, { channel, recipient: to, subject: asText(body.subject, 500), body: text });
      return reply.code(202).send({ accepted: true });
    });
  }

  app.get('/', async (_request, reply) => {
    const rows = await recentOutbox(app.db, 100);
    const body = rows
      .map(
        (m) =>
          `<tr><td class="when">${esc(formatMoscowDateTime(m.receivedAt))}</td><td>${m.channel === 'sms' ? 'SMS' : 'E-mail'}</td><td>${esc(m.recipient)}</td><td class="text">${m.subject ? `<strong>${esc(m.subject)}</strong>\n` : ''}${esc(m.body)}</td></tr>`,
      )
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Исходящие сообщения — тестовый стенд</title><style>${STYLE}</style></head><body><header><h1>Исходящие SMS и письма</h1><p>Тестовый стенд: здесь видно, что сайт отправил бы по SMS и электронной почте. В рабочем режиме страницы нет.</p></header><main><table><thead><tr><th>Время (МСК)</th><th>Канал</th><th>Кому</th><th>Текст</th></tr></thead><tbody>${body || '<tr><td colspan="4">Сообщений пока нет.</td></tr>'}</tbody></table></main></body></html>`,
      );
  });
};
