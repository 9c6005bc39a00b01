import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { GOST, GOST_ALGORITHMS, type GostAlgorithm, gostDigest, gostSign } from './gost';
import { engineFault, openssl } from './openssl';

/**
 * Detached CMS signatures (RFC 5652) made with GOST R 34.10-2012 keys and the Streebog hash, as the
 * qualified signatures of «Госключ» are (RFC 9215 names the algorithms in CMS): made for the stand-in
 * and the tests, and checked for the site by Debian's OpenSSL with the GOST engine, in child processes
 * (decision 127). The ASN.1 is read here only to say which check failed; every cryptographic check is
 * OpenSSL's.
 */

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  keyUsage: '2.5.29.15',
  subjectDirectoryAttributes: '2.5.29.9',
  dateOfBirth: '1.3.6.1.5.5.7.9.1',
  snils: '1.2.643.100.3',
  surname: '2.5.4.4',
  givenName: '2.5.4.42',
  commonName: '2.5.4.3',
} as const;

/** Streebog of each key length (RFC 9215 §3), and the key's OID in a certificate. */
const DIGEST_OID: Record<GostAlgorithm, string> = {
  GOST3410_2012_256: '1.2.643.7.1.1.2.2',
  GOST3410_2012_512: '1.2.643.7.1.1.2.3',
};
/** `signatureAlgorithm` of a SignerInfo may name the key (as OpenSSL writes it) or the key with its hash. */
const SIGN_WITH_DIGEST_OID: Record<GostAlgorithm, string> = {
  GOST3410_2012_256: '1.2.643.7.1.1.3.2',
  GOST3410_2012_512: '1.2.643.7.1.1.3.3',
};

/** How names in a certificate are written for people: the short names of RFC 4514 and of Russian law. */
const NAME_LABELS: Record<string, string> = {
  '2.5.4.3': 'CN',
  '2.5.4.4': 'SN',
  '2.5.4.42': 'G',
  '2.5.4.6': 'C',
  '2.5.4.7': 'L',
  '2.5.4.8': 'ST',
  '2.5.4.9': 'STREET',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
  '2.5.4.12': 'T',
  '1.2.840.113549.1.9.1': 'E',
  '1.2.643.100.3': 'СНИЛС',
  '1.2.643.3.131.1.1': 'ИНН',
  '1.2.643.100.4': 'ИННЮЛ',
  '1.2.643.100.1': 'ОГРН',
};

/** Signing times a little off the window are the clocks', not a forgery: five minutes either way. */
const CLOCK_SKEW_MS = 5 * 60_000;

/** What the site shows and keeps of a signer's certificate. */
export interface CertificateFacts {
  /** «CN=Иванов Иван Иванович, SN=Иванов, G=Иван Иванович, СНИЛС=11223344595, C=RU». */
  subject: string;
  issuer: string;
  /** The serial number, hex, upper case. */
  serial: string;
  validFrom: Date;
  validTo: Date;
  /** 11 digits, or null when the certificate names none. */
  snils: string | null;
  /** The holder's name: CN, or SN and G. */
  fullName: string;
  /** yyyy-MM-dd from the certificate's subject directory attributes, when it carries one. */
  birthDate: string | null;
}

/** The person who must have signed, as the site knows them (from ESIA). */
export interface ExpectedSigner {
  lastName: string;
  firstName: string;
  middleName: string;
  /** yyyy-MM-dd */
  birthDate: string | null;
  /** Whether a SNILS is theirs: the site keeps only a keyed hash of it; absent when it does not know it. */
  snilsMatches?: ((snils: string) => boolean) | undefined;
}

export type SignatureRefusal =
  | 'malformed'
  | 'algorithm'
  | 'content'
  | 'signing-time'
  | 'expired'
  | 'not-yet-valid'
  | 'untrusted'
  | 'key-usage'
  | 'signer'
  | 'signer-unknown';

export type SignatureVerdict =
  | { valid: true; signedAt: Date; algorithm: GostAlgorithm; certificate: CertificateFacts }
  | {
      valid: false;
      refusal: SignatureRefusal;
      /** Why, in Russian, for the person and for support. */
      reason: string;
      signedAt: Date | null;
      certificate: CertificateFacts | null;
    };

function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

/** DER of every certificate of a PEM text, in order. */
export function pemCertificates(pem: string): Uint8Array[] {
  const found = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g) ?? [];
  return found.map(
    (block) =>
      new Uint8Array(
        Buffer.from(block.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, ''), 'base64'),
      ),
  );
}

/** PEM of a certificate's DER. */
export function certificatePem(der: Uint8Array): string {
  const lines = Buffer.from(der)
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .trim();
  return `-----BEGIN CERTIFICATE-----\n${lines}\n-----END CERTIFICATE-----\n`;
}

function text(value: unknown): string {
  const block = (value as { valueBlock?: { value?: unknown } } | undefined)?.valueBlock;
  return typeof block?.value === 'string' ? block.value : '';
}

function nameText(name: pkijs.RelativeDistinguishedNames): string {
  return name.typesAndValues.map((tv) => `${NAME_LABELS[tv.type] ?? tv.type}=${text(tv.value)}`).join(', ');
}

function nameValue(name: pkijs.RelativeDistinguishedNames, oid: string): string | null {
  const found = name.typesAndValues.find((tv) => tv.type === oid);
  return found ? text(found.value) : null;
}

/** The holder's birth date from subjectDirectoryAttributes (RFC 3739 dateOfBirth), if the certificate has one. */
function birthDateOf(certificate: pkijs.Certificate): string | null {
  const extension = certificate.extensions?.find((e) => e.extnID === OID.subjectDirectoryAttributes);
  if (!extension) return null;
  const parsed = asn1js.fromBER(extension.extnValue.valueBlock.valueHexView);
  if (parsed.offset === -1 || !(parsed.result instanceof asn1js.Sequence)) return null;
  for (const attribute of parsed.result.valueBlock.value) {
    if (!(attribute instanceof asn1js.Sequence)) continue;
    const [type, values] = attribute.valueBlock.value;
    if (!(type instanceof asn1js.ObjectIdentifier) || type.valueBlock.toString() !== OID.dateOfBirth) continue;
    const value = values instanceof asn1js.Set ? values.valueBlock.value[0] : undefined;
    if (value instanceof asn1js.GeneralizedTime) return value.toDate().toISOString().slice(0, 10);
  }
  return null;
}

function serialOf(certificate: pkijs.Certificate): string {
  return Buffer.from(certificate.serialNumber.valueBlock.valueHexView).toString('hex').toUpperCase();
}

/** What a person and support read of a certificate (PEM or DER). */
export function certificateFacts(certificate: string | Uint8Array): CertificateFacts {
  const der = typeof certificate === 'string' ? pemCertificates(certificate)[0] : certificate;
  if (!der) throw new Error('no certificate');
  return factsOf(pkijs.Certificate.fromBER(toArrayBuffer(der)));
}

function factsOf(certificate: pkijs.Certificate): CertificateFacts {
  const digits = (nameValue(certificate.subject, OID.snils) ?? '').replace(/\D/g, '');
  const cn = nameValue(certificate.subject, OID.commonName);
  const sn = nameValue(certificate.subject, OID.surname);
  const g = nameValue(certificate.subject, OID.givenName);
  return {
    subject: nameText(certificate.subject),
    issuer: nameText(certificate.issuer),
    serial: serialOf(certificate),
    validFrom: certificate.notBefore.value,
    validTo: certificate.notAfter.value,
    snils: digits.length === 11 ? digits : null,
    fullName: sn && g ? `${sn} ${g}` : (cn ?? ''),
    birthDate: birthDateOf(certificate),
  };
}

function algorithmOfKey(certificate: pkijs.Certificate): GostAlgorithm | null {
  const oid = certificate.subjectPublicKeyInfo.algorithm.algorithmId;
  return GOST_ALGORITHMS.find((a) => GOST[a].keyOid === oid) ?? null;
}

/** Signs `content` with a GOST R 34.10-2012 key: a detached CMS SignedData (DER) with its signing time. */
export async function signDetached(options: {
  content: Uint8Array;
  certificatePem: string;
  privateKeyPem: string;
  /** The certificates between the signer's and the root (the intermediate CA), carried in the message. */
  chainPem?: string;
  signingTime: Date;
}): Promise<Buffer> {
  const [der] = pemCertificates(options.certificatePem);
  if (!der) throw new Error('certificatePem holds no certificate');
  const certificate = pkijs.Certificate.fromBER(toArrayBuffer(der));
  const algorithm = algorithmOfKey(certificate);
  if (!algorithm) throw new Error('the certificate’s key is not GOST R 34.10-2012');
  const chain = pemCertificates(options.chainPem ?? '').map((c) => pkijs.Certificate.fromBER(toArrayBuffer(c)));
  const digest = await gostDigest(algorithm, options.content);
  const attribute = (type: string, value: asn1js.AsnType) => new pkijs.Attribute({ type, values: [value] });
  const signedAttrs = new pkijs.SignedAndUnsignedAttributes({
    type: 0,
    attributes: [
      attribute(OID.contentType, new asn1js.ObjectIdentifier({ value: OID.data })),
      attribute(OID.signingTime, new asn1js.UTCTime({ valueDate: options.signingTime })),
      attribute(OID.messageDigest, new asn1js.OctetString({ valueHex: toArrayBuffer(digest) })),
    ],
  });
  // The signature covers the attributes encoded as a SET (RFC 5652 §5.4), not as the [0] they are sent in.
  const signedBytes = new Uint8Array(signedAttrs.toSchema().toBER(false));
  signedBytes[0] = 0x31;
  const signature = await gostSign(algorithm, options.privateKeyPem, { data: signedBytes });
  const digestAlgorithm = () => new pkijs.AlgorithmIdentifier({ algorithmId: DIGEST_OID[algorithm] });
  const signed = new pkijs.SignedData({
    version: 1,
    digestAlgorithms: [digestAlgorithm()],
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.data }),
    certificates: [certificate, ...chain],
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({ issuer: certificate.issuer, serialNumber: certificate.serialNumber }),
        digestAlgorithm: digestAlgorithm(),
        signedAttrs,
        signatureAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: GOST[algorithm].keyOid }),
        signature: new asn1js.OctetString({ valueHex: toArrayBuffer(signature) }),
      }),
    ],
  });
  const info = new pkijs.ContentInfo({ contentType: OID.signedData, content: signed.toSchema(true) });
  return Buffer.from(info.toSchema().toBER(false));
}

/** A refusal with its Russian reason. */
function refuse(
  refusal: SignatureRefusal,
  reason: string,
  certificate: CertificateFacts | null = null,
  signedAt: Date | null = null,
): SignatureVerdict {
  return { valid: false, refusal, reason, certificate, signedAt };
}

const dayFormat = new Intl.DateTimeFormat('ru-RU', {
  timeZone: 'Europe/Moscow',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const timeFormat = new Intl.DateTimeFormat('ru-RU', {
  timeZone: 'Europe/Moscow',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The message as this module reads it, or why it is not one it accepts. */
interface Parsed {
  signed: pkijs.SignedData;
  signerInfo: pkijs.SignerInfo;
  signer: pkijs.Certificate;
  others: pkijs.Certificate[];
}

function parse(signature: Uint8Array): Parsed | string {
  const malformed = 'Файл подписи повреждён: это не подпись CMS.';
  let info: pkijs.ContentInfo;
  try {
    const asn = asn1js.fromBER(toArrayBuffer(signature));
    if (asn.offset === -1 || signature.length === 0) return malformed;
    info = new pkijs.ContentInfo({ schema: asn.result });
  } catch {
    return malformed;
  }
  if (info.contentType !== OID.signedData) return malformed;
  let signed: pkijs.SignedData;
  try {
    signed = new pkijs.SignedData({ schema: info.content });
  } catch {
    return malformed;
  }
  if (signed.signerInfos.length !== 1) return 'В подписи должен быть ровно один подписавший.';
  if (signed.encapContentInfo.eContent) {
    return 'Подпись должна быть отсоединённой: документ внутри подписи не принимается.';
  }
  const signerInfo = signed.signerInfos[0] as pkijs.SignerInfo;
  const certificates = (signed.certificates ?? []).filter(
    (c): c is pkijs.Certificate => c instanceof pkijs.Certificate,
  );
  const sid = signerInfo.sid;
  const signer = certificates.find((c) =>
    sid instanceof pkijs.IssuerAndSerialNumber
      ? c.issuer.isEqual(sid.issuer) && c.serialNumber.isEqual(sid.serialNumber)
      : false,
  );
  if (!signer) return 'В подписи нет сертификата подписавшего.';
  return { signed, signerInfo, signer, others: certificates.filter((c) => c !== signer) };
}

function signingTimeOf(signerInfo: pkijs.SignerInfo): Date | null {
  const attribute = signerInfo.signedAttrs?.attributes.find((a) => a.type === OID.signingTime);
  const value = attribute?.values[0];
  if (value instanceof asn1js.UTCTime || value instanceof asn1js.GeneralizedTime) return value.toDate();
  return null;
}

/** keyUsage has digitalSignature or nonRepudiation (contentCommitment), or there is no keyUsage at all. */
function maySign(certificate: pkijs.Certificate): boolean {
  const extension = certificate.extensions?.find((e) => e.extnID === OID.keyUsage);
  if (!extension) return true;
  const parsed = asn1js.fromBER(extension.extnValue.valueBlock.valueHexView);
  if (!(parsed.result instanceof asn1js.BitString)) return false;
  const first = parsed.result.valueBlock.valueHexView[0] ?? 0;
  return (first & 0xc0) !== 0;
}

/** Names compared as people write them: case, ё and е, extra spaces do not count. */
function sameName(a: string, b: string): boolean {
  const norm = (s: string) => s.toLocaleLowerCase('ru-RU').replace(/ё/g, 'е').replace(/\s+/g, ' ').trim();
  return norm(a) === norm(b);
}

/** Whether the certificate is the person's: by SNILS when both sides know it, else by full name and birth date. */
function signerProblem(facts: CertificateFacts, expected: ExpectedSigner): SignatureRefusal | null {
  if (facts.snils && expected.snilsMatches) return expected.snilsMatches(facts.snils) ? null : 'signer';
  if (facts.birthDate && expected.birthDate) {
    const name = `${expected.lastName} ${expected.firstName} ${expected.middleName}`;
    return sameName(facts.fullName, name) && facts.birthDate === expected.birthDate ? null : 'signer';
  }
  return 'signer-unknown';
}

/** OpenSSL's verify errors that mean a certificate of the chain was out of its validity at the time. */
const OUT_OF_VALIDITY = new Set([9, 10]);

/**
 * Checks a detached CMS signature of `content`: its one signer's GOST R 34.10-2012 key with Streebog, the
 * signature over exactly these bytes, the signing time within `window`, the certificate valid then and
 * chained (through the certificates the message carries) to one of `trustedRoots` as it was then, its
 * key usage, and its holder being `signer`. The first check that fails is the answer, with its reason in
 * Russian. Throws GostUnavailable only when OpenSSL itself cannot work.
 */
export async function verifyDetachedSignature(input: {
  content: Uint8Array;
  signature: Uint8Array;
  /** PEM: the roots the site trusts (GOSKEY_TRUSTED_ROOTS). */
  trustedRoots: string;
  signer: ExpectedSigner;
  /** When the signing was asked for and when its answer came: the signing time must fall in between. */
  window: { from: Date; to: Date };
}): Promise<SignatureVerdict> {
  const parsed = parse(input.signature);
  if (typeof parsed === 'string') return refuse('malformed', parsed);
  const facts = factsOf(parsed.signer);
  const algorithm = algorithmOfKey(parsed.signer);
  const signatureOid = parsed.signerInfo.signatureAlgorithm.algorithmId;
  if (
    !algorithm ||
    parsed.signerInfo.digestAlgorithm.algorithmId !== DIGEST_OID[algorithm] ||
    (signatureOid !== GOST[algorithm].keyOid && signatureOid !== SIGN_WITH_DIGEST_OID[algorithm])
  ) {
    return refuse(
      'algorithm',
      'Подпись сделана не по ГОСТ Р 34.10-2012 с хэшем ГОСТ Р 34.11-2012 (Стрибог): такую подпись принять нельзя.',
      facts,
    );
  }
  const signedAt = signingTimeOf(parsed.signerInfo);
  if (!signedAt) return refuse('signing-time', 'В подписи нет времени подписания.', facts);

  const files = {
    sig: input.signature,
    doc: input.content,
    signer: certificatePem(new Uint8Array(parsed.signer.toSchema().toBER(false))),
    chain: parsed.others.map((c) => certificatePem(new Uint8Array(c.toSchema().toBER(false)))).join(''),
    roots: input.trustedRoots,
  };
  // The signature over exactly these bytes, with the key of the certificate it names; its chain is checked below.
  const content = await openssl(
    (f) => [
      'cms',
      '-verify',
      '-noverify',
      '-binary',
      '-inform',
      'DER',
      '-in',
      f.sig as string,
      '-content',
      f.doc as string,
      '-out',
      '/dev/null',
    ],
    files,
    '',
  );
  if (content.code === 4 || (content.code !== 0 && /verif/i.test(content.stderr))) {
    return refuse(
      'content',
      'Подпись сделана не под этим документом: файл заявления изменён или подписан другой документ.',
      facts,
      signedAt,
    );
  }
  if (content.code !== 0) throw engineFault(content);

  const { from, to } = input.window;
  if (signedAt.getTime() < from.getTime() - CLOCK_SKEW_MS || signedAt.getTime() > to.getTime() + CLOCK_SKEW_MS) {
    return refuse(
      'signing-time',
      `Время подписания в подписи (${timeFormat.format(signedAt)} МСК) не совпадает со временем, когда заявление было отправлено на подпись.`,
      facts,
      signedAt,
    );
  }
  if (signedAt.getTime() > facts.validTo.getTime()) {
    return refuse(
      'expired',
      `Сертификат подписи не действовал в момент подписания: срок его действия истёк ${dayFormat.format(facts.validTo)}.`,
      facts,
      signedAt,
    );
  }
  if (signedAt.getTime() < facts.validFrom.getTime()) {
    return refuse(
      'not-yet-valid',
      `Сертификат подписи не действовал в момент подписания: он действует с ${dayFormat.format(facts.validFrom)}.`,
      facts,
      signedAt,
    );
  }

  // The chain as it stood at the signing time, to the configured roots only (not the system's store).
  const chain = await openssl(
    (f) => [
      'verify',
      '-CAfile',
      f.roots as string,
      '-no-CApath',
      '-no-CAstore',
      ...(files.chain ? ['-untrusted', f.chain as string] : []),
      '-attime',
      String(Math.floor(signedAt.getTime() / 1000)),
      '-purpose',
      'any',
      f.signer as string,
    ],
    files.chain ? files : { signer: files.signer, roots: files.roots },
    '',
  );
  if (chain.code !== 0) {
    const error = Number(/error (\d+) at \d+ depth/.exec(`${chain.stderr}\n${chain.stdout}`)?.[1] ?? Number.NaN);
    if (Number.isNaN(error) && !/verification failed/i.test(`${chain.stderr}${chain.stdout}`)) throw engineFault(chain);
    return refuse(
      'untrusted',
      OUT_OF_VALIDITY.has(error)
        ? 'Сертификат удостоверяющего центра, выдавшего сертификат подписи, не действовал в момент подписания.'
        : 'Сертификат подписи выдан не доверенным удостоверяющим центром: подпись нельзя проверить до корневого сертификата.',
      facts,
      signedAt,
    );
  }
  if (!maySign(parsed.signer)) {
    return refuse('key-usage', 'Сертификат не предназначен для электронной подписи документов.', facts, signedAt);
  }
  const who = signerProblem(facts, input.signer);
  if (who === 'signer') {
    return refuse('signer', 'Заявление подписано сертификатом другого человека, а не вашим.', facts, signedAt);
  }
  if (who === 'signer-unknown') {
    return refuse(
      'signer-unknown',
      'По сертификату нельзя убедиться, что подписали вы: в нём нет СНИЛС или сайт не знает вашего. Войдите на сайт через Госуслуги заново и подпишите ещё раз.',
      facts,
      signedAt,
    );
  }
  return { valid: true, signedAt, algorithm, certificate: facts };
}
