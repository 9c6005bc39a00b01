import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ApplicationError, type CentralDatabase, type ProcessStore } from './central-database';
import { debtPaidAt, rub, timeline } from './process';
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

/** «02.12.2026, 00:00–06:00 (МСК)»: the window's real start and end (minutes apart at a demo's time scale). */
function windowWords(m: ProcessMessage): string {
  const start = moscow.format(new Date(m.windowStart ?? 0));
  const end = moscow.format(new Date(m.windowEnd ?? m.windowStart ?? 0));
  return `${start}–${end.slice(0, 10) === start.slice(0, 10) ? end.slice(12) : end} (МСК)`;
}

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
      return `Назначено окно переноса: ${windowWords(m)}`;
    case 'Started':
      return 'Перенос номера начат';
    case 'Ported':
      return 'Номер перенесён';
    case 'Cancelled':
      return 'Заявление отозвано оператором-реципиентом';
    case 'DebtNotice':
      return `Донор сообщил о задолженности ${rub(m.amount ?? 0)}: оплатить до ${moscow.format(new Date(m.payBy ?? 0))}`;
    case 'DebtPaid':
      return 'Задолженность оплачена';
    case 'Rescheduled':
      return `Окно переноса перенесено на ${windowWords(m)}: ${m.reason ?? ''}`;
    case 'ContractSigned':
      return `Реципиент оформил договор (условия ${m.contractVersion ?? ''})`;
    case 'SimIssued':
      return m.simKind === 'esim'
        ? 'Реципиент выпустил профиль eSIM'
        : m.simKind === 'office'
          ? 'SIM-карта реципиента готова к выдаче в офисе'
          : 'SIM-карта реципиента доставлена курьером';
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
form{margin:8px 0 0}button{font:inherit;font-size:14px;padding:6px 12px;border-radius:6px;border:1px solid #5c2d91;background:#5c2d91;color:#fff;cursor:pointer}
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

    // The page's «pay» form posts an empty urlencoded body: nothing in it is read.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_r, _b, done) => done(null, {}),
    );

    // The demo's «the subscriber paid the donor»: settles the debt of one number.
    app.post<{ Params: { msisdn: string } }>('/debts/:msisdn/pay', async (request, reply) => {
      const msisdn = request.params.msisdn;
      if (!/^7\d{10}$/.test(msisdn)) return reply.code(400).send({ error: 'номер из 11 цифр, начиная с 7' });
      const result = await cdb.payDebt(msisdn);
      if (!result.paid) return reply.code(404).send({ error: 'у номера нет задолженности' });
      // The page's form comes back to the page; a program gets the answer.
      if (String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
        return reply.redirect(`${request.url.split('/debts/')[0]}/`, 303);
      }
      return result;
    });

    app.get('/', async (_request, reply) => {
      const now = cdb.now().getTime();
      const records = await store.recent(50);
      const sections = records.map((r) => {
        const a = r.application;
        const items = timeline(r, now)
          .messages.map((m) => `<li><time>${esc(moscow.format(new Date(m.at)))}</time> — ${esc(describe(m))}</li>`)
          .join('');
        const notice = timeline(r, now).messages.find((m) => m.type === 'DebtNotice');
        const open = timeline(r, now).nextAt !== null;
        const unpaid = notice && open && debtPaidAt(r) === undefined ? (notice.debtMsisdns ?? []) : [];
        const pay = unpaid
          .filter((m) => r.debtPaid?.[m] === undefined)
          .map(
            (m) =>
              `<form method="post" action="debts/${esc(m)}/pay" id="debt-${esc(m)}"><button type="submit">Оплатить задолженность по номеру +${esc(m)}</button></form>`,
          )
          .join('');
        return `<section><h2>+${esc(a.msisdn)}: ${esc(a.donor.name)} → ${esc(a.recipient.name)}</h2>
<p>Заявление получено ${esc(moscow.format(new Date(r.receivedAt)))}, желаемая дата переноса ${esc(a.portationDate.split('-').reverse().join('.'))}${r.timeScale === 1 ? '' : `, время ускорено в ${r.timeScale} раз`}.</p>${a.signedApplication ? `<p>Подписано абонентом в Госключе; хэш PDF (Стрибог-256): <code style="overflow-wrap:anywhere">${esc(a.signedApplication.pdfHash)}</code></p>` : ''}
<ol>${items || '<li>Проверка заявления…</li>'}</ol>${pay}</section>`;
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
