import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client';
import { seal } from '../../lib/seal';
import { snilsHash } from '../../lib/snils';
import { syncEsiaNumbers } from '../account';
import { type SessionTokens, type SessionUser, startSession } from '../session';
import type { UserProfile } from '../users';
import { type EsiaAdapter, type EsiaContact, type EsiaDocument, EsiaError, type EsiaPerson } from './adapter';
import * as repo from './repository';

/** How long a started sign-in may take before its state expires. */
export const LOGIN_STATE_TTL_MS = 15 * 60 * 1000;

/** Where ESIA is, as seen by the browser and by this server. */
export interface EsiaEndpoints {
  browserBase: string;
  serverBase: string;
  redirectUri: string;
}

/** Starts a sign-in: a single-use state that remembers the return path, and ESIA's signed authorize URL. */
export async function beginLogin(
  db: Database,
  adapter: EsiaAdapter,
  endpoints: EsiaEndpoints,
  returnPath: string,
  now: Date,
): Promise<{ state: string; url: string }> {
  const state = randomUUID();
  await repo.insertLoginState(
    db,
    { state, returnUrl: returnPath, expiresAt: new Date(now.getTime() + LOGIN_STATE_TTL_MS) },
    now,
  );
  return { state, url: await adapter.authorizeUrl(endpoints.browserBase, state, endpoints.redirectUri) };
}

/** `+7(916)1234567` → `79161234567`; null when it is not a Russian mobile. */
export function msisdnFromEsia(value: string): string | null {
  const digits = value.replace(/\D/g, '');
  const msisdn = digits.length === 10 ? `7${digits}` : digits.length === 11 ? `7${digits.slice(1)}` : null;
  return msisdn && /^79\d{9}$/.test(msisdn) ? msisdn : null;
}

/** `dd.MM.yyyy` → `yyyy-MM-dd`. */
function isoDate(value: string | null): string | null {
  const m = value ? /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(value) : null;
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
}

/** Keeps only what a form needs to show: the series and the last two digits of the number. */
export function maskPassport(doc: EsiaDocument | undefined): string | null {
  if (!doc?.number) return null;
  const series = doc.series.replace(/\s/g, '');
  const seriesText = series.length === 4 ? `${series.slice(0, 2)} ${series.slice(2)}` : series;
  return `${seriesText} ${'*'.repeat(Math.max(doc.number.length - 2, 0))}${doc.number.slice(-2)}`.trim();
}

/** The profile the site keeps from ESIA's answers. */
export function buildProfile(person: EsiaPerson, contacts: EsiaContact[], documents: EsiaDocument[]): UserProfile {
  const mobiles = [
    ...new Set(
      contacts
        .filter((c) => c.type === 'MBT' && c.verified)
        .map((c) => msisdnFromEsia(c.value))
        .filter((m): m is string => m !== null),
    ),
  ];
  const emails = contacts.filter((c) => c.type === 'EML');
  const email = emails.find((c) => c.verified) ?? emails[0];
  return {
    lastName: person.lastName,
    firstName: person.firstName,
    middleName: person.middleName,
    birthDate: isoDate(person.birthDate),
    passportMasked: maskPassport(documents.find((d) => d.type === 'RF_PASSPORT')),
    mobiles,
    email: email?.value ?? null,
    emailVerified: email?.verified ?? false,
  };
}

/** The full passport, sealed: only a porting application opens it (porting/steps/submit.ts). */
export function sealPassport(key: Buffer, documents: EsiaDocument[]): string | null {
  const doc = documents.find((d) => d.type === 'RF_PASSPORT');
  if (!doc?.number) return null;
  return seal(key, JSON.stringify({ series: doc.series.replace(/\s/g, ''), number: doc.number }));
}

export type CallbackResult =
  | { ok: true; returnPath: string; tokens: SessionTokens; user: SessionUser }
  | { ok: false; reason: 'state' | 'denied' | 'protocol' };

/**
 * Finishes a sign-in: the state must be the one this browser started and is spent; the code is
 * exchanged, the tokens checked, the person read, the user and their ESIA numbers stored, a session started.
 */
export async function completeLogin(
  db: Database,
  adapter: EsiaAdapter,
  endpoints: EsiaEndpoints,
  keys: { session: Uint8Array; seal: Buffer },
  input: { state: string; browserState: string | undefined; code: string; error: string },
  log: (message: string) => void,
  now: Date,
): Promise<CallbackResult> {
  if (!input.state || input.state !== input.browserState) return { ok: false, reason: 'state' };
  const stored = await repo.consumeLoginState(db, input.state, now);
  if (!stored) return { ok: false, reason: 'state' };
  if (input.error || !input.code) return { ok: false, reason: 'denied' };
  try {
    const { oid, accessToken } = await adapter.exchangeCode(endpoints.serverBase, input.code, endpoints.redirectUri);
    const [person, contacts, documents] = await Promise.all([
      adapter.person(endpoints.serverBase, oid, accessToken),
      adapter.contacts(endpoints.serverBase, oid, accessToken),
      // The documents are needed only to file a porting: without them the sign-in goes on, the passport
      // known from before is kept, and a porting asks to sign in again instead of saying there is none.
      adapter.documents(endpoints.serverBase, oid, accessToken).catch((error: unknown) => {
        log(`ЕСИА не отдала документы: ${error instanceof Error ? error.message : String(error)}`);
        return null;
      }),
    ]);
    const profile = buildProfile(person, contacts, documents ?? []);
    const snils = person.snils ? snilsHash(keys.seal, person.snils) : null;
    if (snils) profile.snilsHash = snils;
    let passport: string | null | undefined;
    if (documents === null) {
      const before = await repo.findUserByOid(db, oid);
      profile.passportMasked = before?.profile?.passportMasked ?? null;
      if (!before?.passportSealed) profile.passportUnknown = true;
    } else {
      passport = sealPassport(keys.seal, documents);
    }
    const name = [person.lastName, person.firstName, person.middleName].filter(Boolean).join(' ') || 'Пользователь';
    const user = await repo.upsertUser(db, oid, name, profile, passport, now);
    await syncEsiaNumbers(db, user.id, profile.mobiles, now);
    const sessionUser: SessionUser = { userId: user.id, oid: user.oid, name: user.name };
    const tokens = await startSession(db, keys.session, sessionUser, now);
    return { ok: true, returnPath: stored.returnUrl, tokens, user: sessionUser };
  } catch (error) {
    if (error instanceof EsiaError) {
      log(error.message);
      return { ok: false, reason: 'protocol' };
    }
    throw error;
  }
}

/** The personal data of a signed-in user for prefilling forms. */
export async function personalInfo(db: Database, userId: number) {
  const user = await repo.findUser(db, userId);
  if (!user) return null;
  const p = user.profile;
  return {
    fullName: user.name,
    lastName: p?.lastName ?? '',
    firstName: p?.firstName ?? '',
    middleName: p?.middleName ?? '',
    birthDate: p?.birthDate ?? null,
    passport: p?.passportMasked ?? null,
    mobiles: p?.mobiles ?? [],
    email: p?.email ?? null,
    isEmailVerified: p?.emailVerified ?? false,
  };
}
