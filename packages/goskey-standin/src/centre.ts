import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fullName, type StandinCitizen } from '@perenos/esia-standin';
import { certificateFacts, type IssuedCertificate, issueCertificate } from '@perenos/gost';

/**
 * The stand-in's test certification centre: a GOST root and the intermediate that issues the test
 * citizens' certificates, as the Минцифры centre issues Госключ's. Made by OpenSSL's GOST engine at the
 * first start and kept in the stand-in's data folder, so the root the site trusts stays the same across
 * restarts; a citizen's certificate is issued the first time they sign, and again once it has expired.
 */

const DAY = 24 * 3600_000;
/** Validity of what the centre makes, counted from the clock of the start that made it. */
const ROOT_DAYS = 10 * 365;
const INTERMEDIATE_DAYS = 5 * 365;
const CITIZEN_DAYS = 365;
/** A day back, so that a certificate made now is valid for a signing now on a clock a little behind. */
const BACKDATE_MS = DAY;

export interface Centre {
  root: IssuedCertificate;
  intermediate: IssuedCertificate;
}

async function readPair(dir: string): Promise<IssuedCertificate | null> {
  try {
    return {
      certificatePem: await readFile(join(dir, 'cert.pem'), 'utf8'),
      privateKeyPem: await readFile(join(dir, 'key.pem'), 'utf8'),
    };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/**
 * Writes a folder whole or not at all: made under a temporary name and renamed into place. Another
 * process (a second node on the same data folder) that got there first wins; its files are kept.
 */
async function writeFolder(target: string, files: Record<string, string>): Promise<void> {
  const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
  await mkdir(temporary, { recursive: true, mode: 0o700 });
  try {
    for (const [name, content] of Object.entries(files)) {
      await writeFile(join(temporary, name), content, { mode: 0o600 });
    }
    await rename(temporary, target);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw err;
  } finally {
    await rm(temporary, { recursive: true, force: true });
  }
}

function stillValid(pair: IssuedCertificate, now: Date): boolean {
  return certificateFacts(pair.certificatePem).validTo.getTime() > now.getTime() + DAY;
}

/** The centre kept in `dir`, or a new one made now (also when the one kept has run out). */
export async function loadCentre(dir: string, now: Date): Promise<Centre> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const root = await readPair(join(dir, 'root'));
  const intermediate = await readPair(join(dir, 'intermediate'));
  if (root && intermediate && stillValid(intermediate, now)) return { root, intermediate };
  const from = new Date(now.getTime() - BACKDATE_MS);
  const madeRoot = await issueCertificate({
    profile: 'root',
    subject: [
      ['C', 'RU'],
      ['O', 'Тестовый удостоверяющий центр Госключа'],
      ['CN', 'Тестовый корневой сертификат Госключа'],
    ],
    notBefore: from,
    notAfter: new Date(now.getTime() + ROOT_DAYS * DAY),
  });
  const madeIntermediate = await issueCertificate(
    {
      profile: 'ca',
      subject: [
        ['C', 'RU'],
        ['O', 'Тестовый удостоверяющий центр Госключа'],
        ['CN', 'Тестовый УЦ Госключа: сертификаты граждан'],
      ],
      notBefore: from,
      notAfter: new Date(now.getTime() + INTERMEDIATE_DAYS * DAY),
    },
    madeRoot,
  );
  // An expired centre is replaced as a whole: its citizens' certificates go with it.
  if (root || intermediate) {
    const stale = `${dir}.${randomBytes(6).toString('hex')}.old`;
    await rename(dir, stale);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await rm(stale, { recursive: true, force: true });
  }
  const pair = (p: IssuedCertificate) => ({ 'cert.pem': p.certificatePem, 'key.pem': p.privateKeyPem });
  await writeFolder(join(dir, 'root'), pair(madeRoot));
  await writeFolder(join(dir, 'intermediate'), pair(madeIntermediate));
  // Whoever won the race to write, what is on disk now is the centre.
  return loadCentre(dir, now);
}

/** 11 digits of a SNILS written «112-233-445 95». */
export function snilsDigits(snils: string): string {
  return snils.replace(/\D/g, '');
}

/** A citizen's subject as qualified certificates name a person: surname, given names, full name, СНИЛС. */
export function citizenSubject(citizen: StandinCitizen): [string, string][] {
  return [
    ['C', 'RU'],
    ['SN', citizen.lastName],
    ['GN', `${citizen.firstName} ${citizen.middleName}`],
    ['CN', fullName(citizen)],
    ['SNILS', snilsDigits(citizen.snils)],
  ];
}

/** Issues a certificate of the citizen from the centre's intermediate, valid between the dates given. */
export function issueCitizenCertificate(
  centre: Centre,
  citizen: StandinCitizen,
  validity: { notBefore: Date; notAfter: Date },
): Promise<IssuedCertificate> {
  return issueCertificate({ profile: 'person', subject: citizenSubject(citizen), ...validity }, centre.intermediate);
}

/** The citizen's certificate kept in `dir`, or one issued now (first signing, or the kept one has run out). */
export async function citizenCertificate(
  dir: string,
  centre: Centre,
  citizen: StandinCitizen,
  now: Date,
): Promise<IssuedCertificate> {
  const folder = join(dir, 'citizens', citizen.oid);
  // A replaced centre took its folder with it (loadCentre): what is kept here is of this centre.
  const kept = await readPair(folder);
  if (kept && stillValid(kept, now)) return kept;
  const issued = await issueCitizenCertificate(centre, citizen, {
    notBefore: new Date(now.getTime() - BACKDATE_MS),
    notAfter: new Date(now.getTime() + CITIZEN_DAYS * DAY),
  });
  await mkdir(join(dir, 'citizens'), { recursive: true, mode: 0o700 });
  if (kept) await rm(folder, { recursive: true, force: true });
  await writeFolder(folder, { 'cert.pem': issued.certificatePem, 'key.pem': issued.privateKeyPem });
  return (await readPair(folder)) ?? issued;
}
