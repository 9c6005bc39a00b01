/**
 * The stand-in's pages: what the Госключ app shows a person — the documents an organisation sent them,
 * each with its Streebog-256 hash, and the two answers. Plain HTML and forms, no scripts.
 */

function esc(text: string): string {
  // «№ 24» never breaks between the sign and the number.
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`).replace(/№ /g, '№&nbsp;');
}

const STYLE = `
*{box-sizing:border-box}
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:#eef2f8;color:#14213d;line-height:1.45}
header{background:#17367a;color:#fff;padding:16px 20px}
header h1{margin:0;font-size:21px}
header p{margin:4px 0 0;font-size:14px;color:#e3eaf7}
main{max-width:760px;margin:0 auto;padding:20px 16px;display:grid;grid-template-columns:minmax(0,1fr);gap:14px}
.warn{background:#fff4e5;border:1px solid #e0a64b;border-radius:8px;padding:10px 14px;font-size:14px;margin:0}
section{background:#fff;border-radius:10px;padding:16px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h2{font-size:18px;margin:0 0 8px}
p{margin:0 0 8px;overflow-wrap:anywhere}
dl{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:4px 12px;margin:8px 0;font-size:14px}
dt{color:#4a5470}dd{margin:0;min-width:0}
.hash{font-family:ui-monospace,"DejaVu Sans Mono",monospace;font-size:13px;overflow-wrap:anywhere;word-break:break-all}
a{color:#17367a}
.actions{display:flex;flex-wrap:wrap;gap:10px;margin-top:12px}
.actions form{margin:0}
button{font:inherit;font-size:16px;border-radius:8px;padding:11px 20px;cursor:pointer;border:2px solid #17367a}
.sign{background:#17367a;color:#fff}
.sign:hover,.sign:focus-visible{background:#0f2658}
.refuse{background:#fff;color:#17367a}
.refuse:hover,.refuse:focus-visible{background:#e3eaf7}
.done{border-left:5px solid #1b7a3d;background:#eaf6ee;padding:10px 14px;border-radius:6px;margin:0}
.no{border-left:5px solid #a3261b;background:#fbeceb;padding:10px 14px;border-radius:6px;margin:0}
ul{list-style:none;margin:0;padding:0;display:grid;gap:10px}
li{background:#fff;border-radius:10px;padding:12px 16px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
.muted{color:#4a5470;font-size:14px}
@media (max-width:480px){dl{grid-template-columns:1fr}dt{margin-top:6px}button{width:100%}.actions form{flex:1 1 100%}}
`;

export function htmlDocument(title: string, body: string): string {
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

const HEADER = `<header><h1>Госключ — тестовое приложение</h1><p>Подписание документов квалифицированной электронной подписью</p></header>`;
const WARNING =
  '<p class="warn">Это учебная замена приложения «Госключ» для разработки и тестов. Люди, сертификаты и удостоверяющий центр вымышлены; подпись настоящая (ГОСТ Р 34.10-2012), но юридической силы не имеет.</p>';

export interface DocumentView {
  index: number;
  title: string;
  name: string;
  bytes: number;
  /** Streebog-256, hex, as `openssl dgst -md_gost12_256` prints it. */
  hash: string;
}

export interface PackageView {
  id: string;
  title: string;
  sender: string;
  recipientName: string;
  recipientSnils: string;
  status: 'pending' | 'signed' | 'refused' | 'expired';
  /** «02.12.2026 14:35» (МСК). */
  expiresAt: string;
  signedAt: string | null;
  documents: DocumentView[];
  certificate: { serial: string; validTo: string } | null;
  returnUrl: string | null;
}

function kilobytes(bytes: number): string {
  return `${Math.max(1, Math.round(bytes / 1024))} КБ`;
}

/** One package as its addressee sees it: the documents, their hashes, and «Подписать» / «Отказаться». */
export function packagePage(prefix: string, view: PackageView): string {
  const base = `${prefix}/packages/${encodeURIComponent(view.id)}`;
  const documents = view.documents
    .map(
      (d) => `<section aria-labelledby="doc-${d.index}">
<h2 id="doc-${d.index}">${d.title === view.title ? `Документ${view.documents.length > 1 ? ` ${d.index + 1}` : ''}` : esc(d.title)}</h2>
<dl>
<dt>Файл</dt><dd><a href="${base}/documents/${d.index}" target="_blank" rel="noopener">${esc(d.name)}</a> (PDF, ${kilobytes(d.bytes)})</dd>
<dt>Хэш ГОСТ Р 34.11-2012 (Стрибог-256)</dt><dd class="hash" data-testid="document-hash">${esc(d.hash)}</dd>
</dl>
</section>`,
    )
    .join('\n');
  const back = view.returnUrl
    ? ` <a href="${esc(view.returnUrl)}">Вернуться на сайт</a>`
    : ' Вернитесь на сайт: он узнает ответ сам.';
  let answer: string;
  if (view.status === 'pending') {
    const certificate = view.certificate
      ? `сертификат № ${esc(view.certificate.serial)}, действует до ${esc(view.certificate.validTo)}`
      : 'сертификат будет выпущен при первой подписи';
    answer = `<section aria-labelledby="answer-title">
<h2 id="answer-title">Подписать документы?</h2>
<p>Подпись: ${esc(view.recipientName)}, СНИЛС ${esc(view.recipientSnils)}; ${certificate}.</p>
<p class="muted">Подписывая, вы подтверждаете, что прочитали документы. Запрос действует до ${esc(view.expiresAt)} (МСК).</p>
<div class="actions">
<form method="post" action="${base}/sign"><button class="sign" type="submit">Подписать</button></form>
<form method="post" action="${base}/refuse"><button class="refuse" type="submit">Отказаться</button></form>
</div>
</section>`;
  } else if (view.status === 'signed') {
    answer = `<p class="done" role="status">Документы подписаны ${esc(view.signedAt ?? '')} (МСК).${back}</p>`;
  } else if (view.status === 'refused') {
    answer = `<p class="no" role="status">Вы отказались подписывать документы.${back}</p>`;
  } else {
    answer = `<p class="no" role="status">Срок подписания истёк ${esc(view.expiresAt)} (МСК): документы не подписаны. Отправьте их на подпись снова на сайте.</p>`;
  }
  return htmlDocument(
    `${view.title} — тестовый Госключ`,
    `${HEADER}
<main>
${WARNING}
<section aria-labelledby="package-title">
<h2 id="package-title">${esc(view.title)}</h2>
<dl>
<dt>Кому</dt><dd>${esc(view.recipientName)}</dd>
<dt>От кого</dt><dd>${esc(view.sender)}</dd>
<dt>Подписать до</dt><dd>${esc(view.expiresAt)} (МСК)</dd>
</dl>
</section>
${documents}
${answer}
<p class="muted"><a href="${prefix}/">Все запросы на подпись</a> · <a href="${prefix}/root.pem">Корневой сертификат тестового УЦ</a></p>
</main>`,
  );
}

/** Every package the stand-in holds, newest first: where a developer finds the one to sign. */
export function indexPage(prefix: string, views: PackageView[]): string {
  const names: Record<PackageView['status'], string> = {
    pending: 'ждёт подписи',
    signed: 'подписано',
    refused: 'отказ',
    expired: 'срок истёк',
  };
  const items =
    views.length === 0
      ? '<p>Документов на подпись нет.</p>'
      : `<ul>${views
          .map(
            (v) =>
              `<li><a href="${prefix}/packages/${encodeURIComponent(v.id)}">${esc(v.title)}</a><br><span class="muted">${esc(v.recipientName)} · ${names[v.status]} · до ${esc(v.expiresAt)}</span></li>`,
          )
          .join('')}</ul>`;
  return htmlDocument(
    'Запросы на подпись — тестовый Госключ',
    `${HEADER}<main>${WARNING}<section><h2>Запросы на подпись</h2>${items}</section><p class="muted"><a href="${prefix}/root.pem">Корневой сертификат тестового УЦ</a></p></main>`,
  );
}

export function errorPage(message: string): string {
  return htmlDocument('Ошибка — тестовый Госключ', `${HEADER}<main><p class="warn">${esc(message)}</p></main>`);
}
