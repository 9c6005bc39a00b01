import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, CITIZENS, signIn } from '../../../test/esia';
import { signInStaff, staffCall } from '../../../test/staff';
import { createSecondNode, createTestApp, type TestApp } from '../../test/app';
import { watchPolls } from '../../test/polls';
import { insertFeedback } from '../feedback/repository';
import { cliActor, grantRole, revokeRole } from './service';

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
}

/** Every staff call of the OpenAPI document, with its path parameters filled with plausible values. */
async function staffOperations(t: TestApp): Promise<Operation[]> {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, { tags?: string[] }>>;
  };
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!op.tags?.includes('staff')) continue;
      const filled = path
        .replace('{id}', '1')
        .replace('{oid}', CITIZENS.ivanov)
        .replace('{role}', 'admin')
        .replace('{feature}', 'News');
      ops.push({ method: method.toUpperCase() as Operation['method'], path: filled });
    }
  }
  return ops;
}

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signInStaff(t.app, CITIZENS.morozov, ['admin']);
});
afterAll(async () => t?.close());

const auditCount = async (action?: string) => {
  const res = await staffCall(t.app, admin, 'GET', `/api/v1/staff/audit?Take=1${action ? `&action=${action}` : ''}`);
  expect(res.statusCode).toBe(200);
  return res.json().totalRows as number;
};

describe('the back office gate', () => {
  it('answers 404 to every staff call for anyone without the role, as for an unknown address', async () => {
    const ops = await staffOperations(t);
    expect(ops.length).toBeGreaterThanOrEqual(31);
    const citizen = authHeaders((await signIn(t.app, CITIZENS.ivanov)).jar);
    const editor = await signInStaff(t.app, CITIZENS.petrova, ['editor']);
    const before = await auditCount();
    for (const op of ops) {
      for (const [who, headers] of [
        ['anonymous', { 'x-requested-with': 'XMLHttpRequest' }],
        ['a citizen without a role', citizen],
      ] as const) {
        const res = await staffCall(t.app, headers, op.method, op.path, op.method === 'GET' ? undefined : {});
        expect(res.statusCode, `${who}: ${op.method} ${op.path}`).toBe(404);
        expect(res.json().title).toBe('Запись не найдена');
      }
      // An editor is staff, but only the news are theirs.
      if (!op.path.startsWith('/api/v1/staff/news') && op.path !== '/api/v1/staff/me') {
        const res = await staffCall(t.app, editor, op.method, op.path, op.method === 'GET' ? undefined : {});
        expect(res.statusCode, `editor: ${op.method} ${op.path}`).toBe(404);
      }
    }
    // Nothing was done, so nothing was audited.
    expect(await auditCount()).toBe(before);
  });

  it('tells a staff member their roles, and ends a revoked role at once', async () => {
    const headers = await signInStaff(t.app, CITIZENS.sidorov, ['support', 'catalogue']);
    const me = await staffCall(t.app, headers, 'GET', '/api/v1/staff/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().oid).toBe(CITIZENS.sidorov);
    expect([...me.json().roles].sort()).toEqual(['catalogue', 'support']);
    await revokeRole(t.app.db, cliActor(), CITIZENS.sidorov, 'support');
    expect((await staffCall(t.app, headers, 'GET', '/api/v1/staff/feedback')).statusCode).toBe(404);
    await revokeRole(t.app.db, cliActor(), CITIZENS.sidorov, 'catalogue');
    expect((await staffCall(t.app, headers, 'GET', '/api/v1/staff/me')).statusCode).toBe(404);
  });
});

describe('roles from the back office', () => {
  it('lets an admin grant and revoke roles, each audited with who did it', async () => {
    const granted = await staffCall(t.app, admin, 'PUT', `/api/v1/staff/people/${CITIZENS.dolgova}/roles/support`);
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toEqual({ changed: true });
    const people = (await staffCall(t.app, admin, 'GET', '/api/v1/staff/people')).json();
    expect(people.find((p: { oid: string }) => p.oid === CITIZENS.dolgova).roles[0]).toMatchObject({
      role: 'support',
      grantedBy: CITIZENS.morozov,
    });
    const revoked = await staffCall(t.app, admin, 'DELETE', `/api/v1/staff/people/${CITIZENS.dolgova}/roles/support`);
    expect(revoked.json()).toEqual({ changed: true });
    const log = (
      await staffCall(t.app, admin, 'GET', `/api/v1/staff/audit?target=staff:${CITIZENS.dolgova}&action=staff.`)
    ).json();
    expect(log.data.map((e: { action: string }) => e.action)).toEqual(['staff.revoke', 'staff.grant']);
    expect(log.data[0]).toMatchObject({ actorOid: CITIZENS.morozov, details: { role: 'support', changed: true } });
  });

  it('never leaves the site without an admin, even when two admins remove each other at once', async () => {
    await grantRole(t.app.db, cliActor(), CITIZENS.fedorova, 'admin');
    const other = await signInStaff(t.app, CITIZENS.fedorova, []);
    const [a, b] = await Promise.all([
      staffCall(t.app, admin, 'DELETE', `/api/v1/staff/people/${CITIZENS.fedorova}/roles/admin`),
      staffCall(t.app, other, 'DELETE', `/api/v1/staff/people/${CITIZENS.morozov}/roles/admin`),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    // One removal wins; the other either finds the last admin (409) or has lost its own role (404).
    expect(statuses[0]).toBe(200);
    expect([404, 409]).toContain(statuses[1]);
    const people = (await t.database.handle.db.execute(
      "select count(*)::int as n from staff_roles where role = 'admin'",
    )) as unknown as { rows: { n: number }[] };
    expect(people.rows[0]?.n).toBe(1);
    // Morozov the only admin again, for the rest of the file; he cannot remove himself.
    await grantRole(t.app.db, cliActor(), CITIZENS.morozov, 'admin');
    await revokeRole(t.app.db, cliActor(), CITIZENS.fedorova, 'admin', { allowLastAdmin: true });
    const last = await staffCall(t.app, admin, 'DELETE', `/api/v1/staff/people/${CITIZENS.morozov}/roles/admin`);
    expect(last.statusCode).toBe(409);
    expect(last.json().title).toBe('Нельзя снять последнего администратора');
  });

  it('filters the audit by person, action and time', async () => {
    const all = (await staffCall(t.app, admin, 'GET', `/api/v1/staff/audit?actorOid=${CITIZENS.morozov}`)).json();
    expect(all.totalRows).toBeGreaterThan(0);
    expect(all.data.every((e: { actorOid: string }) => e.actorOid === CITIZENS.morozov)).toBe(true);
    const future = new Date(Date.now() + 3600_000).toISOString();
    const none = await staffCall(t.app, admin, 'GET', `/api/v1/staff/audit?from=${encodeURIComponent(future)}`);
    expect(none.json().totalRows).toBe(0);
    const bad = await staffCall(t.app, admin, 'GET', '/api/v1/staff/audit?from=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.from[0]).toMatch(/дату и время/);
  });
});

describe('feature flags from the back office', () => {
  it('says what disappears, switches a flag on this node at once and on another at its next poll, audited', async () => {
    const second = await createSecondNode(t, { flagsPollMs: 200 });
    const polls = watchPolls(second.app.features, 'refresh');
    try {
      await second.app.features.refresh(); // a read in flight now is one from before the switch
      const flags = (await staffCall(t.app, admin, 'GET', '/api/v1/staff/flags')).json();
      expect(flags.find((f: { feature: string }) => f.feature === 'News')).toMatchObject({
        isEnabled: true,
        title: 'Новости',
        disappears: expect.stringMatching(/Пропадут список новостей/),
      });
      const before = await auditCount('flags.switch');
      const off = await staffCall(t.app, admin, 'PUT', '/api/v1/staff/flags/News', { isEnabled: false });
      expect(off.statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/news?Page=1&PageSize=5' })).statusCode).toBe(404);
      // Within 2 s: the other node polls every FLAGS_POLL_MS, and its first read after the switch applies it.
      polls.armed();
      await polls.nextRead();
      expect((await second.app.inject({ method: 'GET', url: '/api/v1/news?Page=1&PageSize=5' })).statusCode).toBe(404);
      await staffCall(t.app, admin, 'PUT', '/api/v1/staff/flags/News', { isEnabled: true });
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/news?Page=1&PageSize=5' })).statusCode).toBe(200);
      expect(await auditCount('flags.switch')).toBe(before + 2);
    } finally {
      polls.restore();
      await second.close();
    }
  });
});

describe('news from the back office', () => {
  let editor: Record<string, string>;
  beforeAll(async () => {
    editor = await signInStaff(t.app, CITIZENS.petrova, ['editor']);
  });
  const story = {
    slug: 'novaya-novost',
    title: 'Новая новость',
    summary: 'Коротко о главном',
    markdown: '# Заголовок\n\nТекст со **смыслом** и <script>alert(1)</script> [ссылкой](javascript:alert(1)).',
  };
  const publicList = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/news?Page=1&PageSize=50' }))
      .json()
      .data.map((n: { slug: string }) => n.slug);

  it('previews Markdown sanitised exactly as the story page shows it', async () => {
    const res = await staffCall(t.app, editor, 'POST', '/api/v1/staff/news/preview', { markdown: story.markdown });
    expect(res.statusCode).toBe(200);
    const html = res.json().html as string;
    expect(html).toContain('<h2>Заголовок</h2>');
    expect(html).toContain('<strong>смыслом</strong>');
    // Raw HTML stays text, and a javascript: link is no link.
    expect(html).not.toMatch(/<script|href="javascript:/);
    expect(html).toContain('&lt;script&gt;');
  });

  it('keeps a draft off the site, publishes it, takes it down again, each step audited', async () => {
    const created = await staffCall(t.app, editor, 'POST', '/api/v1/staff/news', story);
    expect(created.statusCode).toBe(200);
    const id = created.json().id;
    expect(created.json().state).toBe('draft');
    expect(await publicList()).not.toContain(story.slug);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/news/${story.slug}` })).statusCode).toBe(404);

    const published = await staffCall(t.app, editor, 'POST', `/api/v1/staff/news/${id}/publish`, {});
    expect(published.json().state).toBe('published');
    expect(await publicList()).toContain(story.slug);
    const page = (await t.app.inject({ method: 'GET', url: `/api/v1/news/${story.slug}` })).json();
    expect(page.html).toBe(published.json().html);

    const down = await staffCall(t.app, editor, 'POST', `/api/v1/staff/news/${id}/unpublish`);
    expect(down.json().state).toBe('draft');
    expect(await publicList()).not.toContain(story.slug);
    const log = (await staffCall(t.app, admin, 'GET', `/api/v1/staff/audit?target=news:${id}`)).json();
    expect(log.data.map((e: { action: string }) => e.action)).toEqual([
      'news.unpublish',
      'news.publish',
      'news.create',
    ]);
  });

  it('schedules a story for later and refuses a time already past', async () => {
    const created = await staffCall(t.app, editor, 'POST', '/api/v1/staff/news', { ...story, slug: 'pozzhe' });
    const id = created.json().id;
    const past = await staffCall(t.app, editor, 'POST', `/api/v1/staff/news/${id}/publish`, {
      at: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors.at[0]).toMatch(/уже прошло/);
    const later = await staffCall(t.app, editor, 'POST', `/api/v1/staff/news/${id}/publish`, {
      at: new Date(Date.now() + 3600_000).toISOString(),
    });
    expect(later.json().state).toBe('scheduled');
    expect(await publicList()).not.toContain('pozzhe');
  });

  it('keeps the text of a story written as HTML when it is saved with an empty Markdown field', async () => {
    const list = (await staffCall(t.app, editor, 'GET', '/api/v1/staff/news?Take=100')).json();
    const demo = list.data.find((s: { slug: string }) => s.slug === 'kak-vybrat-datu-perenosa');
    const before = (await staffCall(t.app, editor, 'GET', `/api/v1/staff/news/${demo.id}`)).json();
    expect(before.markdown).toBe('');
    const saved = await staffCall(t.app, editor, 'PUT', `/api/v1/staff/news/${demo.id}`, {
      slug: before.slug,
      title: `${before.title}!`,
      summary: before.summary,
      markdown: '',
    });
    expect(saved.json().html).toBe(before.html);
    expect(saved.json().title).toBe(`${before.title}!`);
  });

  it('refuses a taken address and bad fields in Russian, changing nothing', async () => {
    const taken = await staffCall(t.app, editor, 'POST', '/api/v1/staff/news', {
      ...story,
      slug: 'kak-vybrat-datu-perenosa',
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors.slug).toEqual(['Этот адрес уже занят другой новостью.']);
    const bad = await staffCall(t.app, editor, 'POST', '/api/v1/staff/news', { ...story, slug: 'Плохой адрес' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.slug).toEqual([
      'Адрес новости — латинские строчные буквы, цифры и дефисы между ними, например kak-vybrat-datu. Или оставьте поле пустым: адрес составится из заголовка.',
    ]);
  });

  it('makes the address from the title when it is left empty, another one for the same title', async () => {
    const made = async (title: string) => {
      const res = await staffCall(t.app, editor, 'POST', '/api/v1/staff/news', { ...story, slug: '', title });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { id: number; slug: string };
    };
    expect((await made('Сайт научился новому: щедрые объявления, 2026!')).slug).toBe(
      'sayt-nauchilsya-novomu-shchedrye-obyavleniya-2026',
    );
    expect((await made('Ёлка и чай с Юлей')).slug).toBe('elka-i-chay-s-yuley');
    expect((await made('Ёлка и чай с Юлей')).slug).toBe('elka-i-chay-s-yuley-2');
    expect((await made('«»!')).slug).toBe('novost');
    // Saved again with the address emptied, a story keeps the one its title makes — its own.
    const first = await made('Ещё одна история');
    const again = await staffCall(t.app, editor, 'PUT', `/api/v1/staff/news/${first.id}`, {
      ...story,
      slug: '',
      title: 'Ещё одна история',
    });
    expect(again.json().slug).toBe('eshche-odna-istoriya');
  });

  it('lists the stories newest first by their date, as the site does', async () => {
    const list = (await staffCall(t.app, editor, 'GET', '/api/v1/staff/news?Take=100')).json();
    const dates = list.data.map((s: { publishedAt: string }) => s.publishedAt);
    expect(dates.length).toBeGreaterThan(3);
    expect(dates).toEqual([...dates].sort().reverse());
  });
});

describe('the back office’s words', () => {
  it('name every message of the central database, every role, section and delivery state', async () => {
    const { MESSAGE_TYPES } = await import('../porting/gateway');
    const { FEATURES } = await import('../settings/features');
    const { STAFF_ROLES } = await import('./tables');
    const words = await import('@perenos/porting-rules/back-office');
    expect(MESSAGE_TYPES.filter((m) => !(m in words.PROCESS_MESSAGE_NAMES))).toEqual([]);
    expect(FEATURES.filter((f) => !(f in words.FEATURE_NAMES))).toEqual([]);
    expect(STAFF_ROLES.filter((r) => !(r in words.ROLE_NAMES))).toEqual([]);
    // What the senders write (notifications/repository.ts): every state has its name.
    const states = (await t.database.handle.db.execute('select distinct status from notifications')) as unknown as {
      rows: { status: string }[];
    };
    expect(states.rows.map((r) => r.status).filter((s) => !(s in words.DELIVERY_NAMES))).toEqual([]);
  });

  it('read every audit record the tests wrote in Russian, with no code left in it', async () => {
    const { readAudit } = await import('@perenos/porting-rules/back-office');
    const log = (await staffCall(t.app, admin, 'GET', '/api/v1/staff/audit?Take=100')).json();
    expect(log.data.length).toBeGreaterThan(5);
    for (const entry of log.data) {
      const read = readAudit(entry);
      expect(read.action, entry.action).not.toMatch(/^[a-z.-]+$/);
      expect(read.target, entry.target).not.toMatch(/^[a-z]+:/);
    }
  });
});

describe('the header', () => {
  it('offers the back office to staff only', async () => {
    const info = async (headers: Record<string, string>) =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/esia/userinfo', headers })).json();
    expect(await info(admin)).toMatchObject({ isLogged: true, isStaff: true });
    const citizen = authHeaders((await signIn(t.app, CITIZENS.sidorov)).jar);
    expect(await info(citizen)).toMatchObject({ isLogged: true, isStaff: false });
    expect(await info({})).toMatchObject({ isLogged: false, isStaff: false });
  });
});

describe('feedback inbox', () => {
  it('lists new messages, replies by e-mail kept with the message, and marks it handled', async () => {
    const support = await signInStaff(t.app, CITIZENS.dolgova, ['support']);
    const { id } = await insertFeedback(t.app.db, {
      name: 'Анна',
      email: 'anna@example.ru',
      topic: 'Перенос номера',
      message: 'Когда придёт SMS?',
    });
    const list = (await staffCall(t.app, support, 'GET', '/api/v1/staff/feedback?status=new')).json();
    expect(list.data.map((m: { id: number }) => m.id)).toContain(id);
    expect(list.counts.new).toBeGreaterThanOrEqual(1);
    const replied = await staffCall(t.app, support, 'POST', `/api/v1/staff/feedback/${id}/reply`, {
      text: 'SMS придёт за день до переноса.',
    });
    expect(replied.statusCode).toBe(200);
    expect(replied.json()).toMatchObject({ status: 'read', replies: [{ body: 'SMS придёт за день до переноса.' }] });
    const queued = (await t.database.handle.db.execute(
      "select recipient, subject, body from notifications where recipient = 'anna@example.ru'",
    )) as unknown as { rows: { recipient: string; subject: string; body: string }[] };
    expect(queued.rows[0]?.subject).toBe(`Ответ на обращение № ${id}: Перенос номера`);
    expect(queued.rows[0]?.body).toContain('SMS придёт за день до переноса.');
    const handled = await staffCall(t.app, support, 'PUT', `/api/v1/staff/feedback/${id}/status`, {
      status: 'handled',
    });
    expect(handled.json().status).toBe('handled');
    const log = (await staffCall(t.app, admin, 'GET', `/api/v1/staff/audit?target=feedback:${id}`)).json();
    // The changes, and each read of the message (the answers show it).
    expect(log.data.map((e: { action: string }) => e.action)).toEqual([
      'feedback.view',
      'feedback.status',
      'feedback.view',
      'feedback.reply',
    ]);
    const listed = (await staffCall(t.app, admin, 'GET', '/api/v1/staff/audit?action=feedback.list')).json();
    expect(listed.data[0]).toMatchObject({ actorOid: CITIZENS.dolgova, details: { status: 'new' } });
    expect(listed.data[0].details.shown).toContain(id);
  });
});
