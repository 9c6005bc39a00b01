import { fullName, type StandinCitizen } from './citizens';
import type { StandinTokenAlg } from './tokens';

/** How the page names the signature of the stand-in's tokens. */
const TOKEN_ALG_NAMES: Record<StandinTokenAlg, string> = {
  RS256: 'RS256 (RSA)',
  GOST3410_2012_256: 'ГОСТ Р 34.10-2012, 256 бит',
  GOST3410_2012_512: 'ГОСТ Р 34.10-2012, 512 бит',
};

function esc(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:#f1f4f9;color:#1a1f36}
header{background:#0d4cd3;color:#fff;padding:16px 24px}
header h1{margin:0;font-size:22px}
header p{margin:4px 0 0;opacity:.85;font-size:14px}
main{max-width:960px;margin:0 auto;padding:24px 16px}
.warn{background:#fff4e5;border:1px solid #f5c27a;border-radius:8px;padding:12px 16px;margin-bottom:20px;font-size:14px}
ul{list-style:none;padding:0;margin:0;display:grid;gap:12px;grid-template-columns:repeat(auto-fill,minmax(290px,1fr))}
li{background:#fff;border-radius:10px;padding:16px;box-shadow:0 1px 3px rgba(0,0,0,.12);display:flex;flex-direction:column;gap:6px}
h2{font-size:17px;margin:0}
.note{color:#5a6175;font-size:13px;margin:0}
dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 10px;margin:4px 0 8px;font-size:14px}
dt{color:#5a6175}dd{margin:0}
.bad{color:#b3261e}
button{background:#0d4cd3;color:#fff;border:0;border-radius:6px;padding:10px 14px;font-size:15px;cursor:pointer;width:100%}
button:hover,button:focus-visible{background:#0a3aa3}
.cancel{background:none;color:#0d4cd3;text-decoration:underline;width:auto;padding:0;margin-top:20px}
.cancel:hover,.cancel:focus-visible{background:none}
`;

/** The whole HTML document of a stand-in page: no scripts, so the site's CSP allows it. */
export function htmlDocument(title: string, body: string): string {
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

function contactList(citizen: StandinCitizen, type: 'MBT' | 'EML'): string {
  const items = citizen.contacts.filter((c) => c.type === type);
  if (items.length === 0) return '<span class="bad">нет</span>';
  return items
    .map((c) =>
      c.verified
        ? esc(c.value)
        : `${esc(c.value)} <span class="bad">(${type === 'EML' ? 'не подтверждена' : 'не подтверждён'})</span>`,
    )
    .join('<br>');
}

/** The login page: pick a test citizen, or refuse. */
export function loginPage(
  action: string,
  requestId: string,
  clientId: string,
  citizens: readonly StandinCitizen[],
  tokenAlg: StandinTokenAlg,
): string {
  const cards = citizens
    .map(
      (c) => `<li>
<h2>${esc(fullName(c))}</h2>
<p class="note">${esc(c.note)}</p>
<dl>
<dt>СНИЛС</dt><dd>${esc(c.snils)}</dd>
<dt>Дата рождения</dt><dd>${esc(c.birthDate)}</dd>
<dt>Паспорт</dt><dd>${esc(c.passport.series)} ${esc(c.passport.number)}</dd>
<dt>Мобильный</dt><dd>${contactList(c, 'MBT')}</dd>
<dt>Эл. почта</dt><dd>${contactList(c, 'EML')}</dd>
</dl>
<form method="post" action="${esc(action)}">
<input type="hidden" name="request" value="${esc(requestId)}">
<input type="hidden" name="oid" value="${esc(c.oid)}">
<button type="submit">Войти как ${esc(c.firstName)} ${esc(c.lastName)}</button>
</form>
</li>`,
    )
    .join('\n');
  return htmlDocument(
    'Вход — тестовая ЕСИА',
    `<header><h1>Госуслуги — тестовый вход</h1><p>Система «${esc(clientId)}» запрашивает доступ к вашим данным</p></header>
<main>
<p class="warn">Это учебная замена ЕСИА для разработки и тестов. Люди и документы вымышлены; настоящие учётные записи здесь не нужны. Подпись токенов: ${esc(TOKEN_ALG_NAMES[tokenAlg])}.</p>
<ul>${cards}</ul>
<form method="post" action="${esc(action)}">
<input type="hidden" name="request" value="${esc(requestId)}">
<button class="cancel" type="submit" name="cancel" value="1">Отказаться и вернуться на сайт</button>
</form>
</main>`,
  );
}

/** An error page for requests that cannot be sent back to the client. */
export function errorPage(message: string): string {
  return htmlDocument(
    'Ошибка — тестовая ЕСИА',
    `<header><h1>Госуслуги — тестовый вход</h1></header><main><p class="warn">${esc(message)}</p></main>`,
  );
}
