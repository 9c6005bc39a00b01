import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ApplicationError, type CentralDatabase, type ProcessStore } from './central-database';
import { timeline } from './process';
import type { Application, ProcessMessage } from './protocol';

function esc(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const moscow = new Intl.DateTimeFormat('ru-RU', {
  timeZone: 'Europe/Moscow',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A message in the words of the central database's operator console. */
function describe(m: ProcessMessage): string {
  switch (m.type) {
    case 'Accepted':
      return 'Заявление принято БДПН';
    case 'Rejected':
      return `Отказ БДПН: ${m.reason ?? ''}`;
    case 'DonorCheck':
      return 'Проверка у оператора-донора';
    case 'DonorAccepted':
      return 'Оператор-донор подтвердил перенос';
    case 'DonorRejected':
      return `Отказ донора: ${m.reason ?? ''}`;
    case 'Scheduled':
      return `Назначено окно переноса: ${moscow.format(new Date(m.windowStart ?? 0)).replace(', 00:00', '')}, 00:00–06:00 (МСК)`;
    case 'Started':
      return 'Перенос номера начат';
    case 'Ported':
      return 'Номер перенесён';
    case 'Cancelled':
      return 'Заявление отозвано оператором-реципиентом';
  }
}

const STYLE = `
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:#f3f5f4;color:#1b1f1d}
header{background:#5c2d91;color:#fff;padding:16px 24px}header h1{margin:0;font-size:22px}
header p{margin:4px 0 0;font-size:14px}
main{max-width:980px;margin:0 auto;padding:24px 16px;display:grid;gap:12px}
section{background:#fff;border-radius:10px;padding:14px 18px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h2{font-size:17px;margin:0 0 6px}p{margin:0 0 6px;font-size:14px}
ol{margin:6px 0 0;padding-left:20px;font-size:14px}li{margin:2px 0}time{color:#4a524e}
`;

/** The HTTP face of the stand-in: the recipient's gateway protocol and a page listing the processes. */
export function centralDatabasePlugin(
  cdb: CentralDatabase,
  store: ProcessStore,
  options: { token?: string | undefined },
): FastifyPluginAsync {
  return async (app) => {
    const authorised = (request: FastifyRequest, reply: FastifyReply) => {
      if (options.token === undefined || request.headers.authorization === `Bearer ${options.token}`) return true;
      void reply.code(401).send({ error: 'неверный токен оператора' });
      return false;
    };

    app.post('/api/v1/applications', async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      try {
        return await cdb.receive(request.body as Application);
      } catch (err) {
        if (err instanceof ApplicationError) return reply.code(400).send({ error: err.message });
        throw err;
      }
    });

    app.get<{ Params: { id: string }; Querystring: { after?: string } }>(
      '/api/v1/processes/:id/messages',
      async (request, reply) => {
        if (!authorised(request, reply)) return reply;
        const after = Number(request.query.after ?? 0);
        const view = await cdb.view(request.params.id, Number.isInteger(after) && after >= 0 ? after : 0);
        return view ?? reply.code(404).send({ error: 'процесс не найден' });
      },
    );

    app.post<{ Params: { id: string } }>('/api/v1/processes/:id/cancel', async (request, reply) => {
      if (!authorised(request, reply)) return reply;
      const result = await cdb.cancel(request.params.id);
      if (!result) return reply.code(404).send({ error: 'процесс не найден' });
      return result.cancelled ? result : reply.code(409).send(result);
    });

    app.get('/', async (_request, reply) => {
      const now = Date.now();
      const records = await store.recent(50);
      const sections = records.map((r) => {
        const a = r.application;
        const items = timeline(r, now)
          .messages.map((m) => `<li><time>${esc(moscow.format(new Date(m.at)))}</time> — ${esc(describe(m))}</li>`)
          .join('');
        return `<section><h2>+${esc(a.msisdn)}: ${esc(a.donor.name)} → ${esc(a.recipient.name)}</h2>
<p>Заявление получено ${esc(moscow.format(new Date(r.receivedAt)))}, желаемая дата переноса ${esc(a.portationDate.split('-').reverse().join('.'))}${r.timeScale === 1 ? '' : `, время ускорено в ${r.timeScale} раз`}.</p>
<ol>${items || '<li>Проверка заявления…</li>'}</ol></section>`;
      });
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>БДПН — тестовый стенд</title><style>${STYLE}</style></head><body><header><h1>БДПН — тестовый стенд</h1><p>Заглушка центральной базы данных перенесённых номеров и операторов-доноров. Только для демонстрации и тестов.</p></header><main>${sections.join('') || '<section><p>Заявлений пока нет.</p></section>'}</main></body></html>`,
        );
    });
  };
}
