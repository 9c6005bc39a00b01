import { spawn } from 'node:child_process';
import { createHash, webcrypto } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

pkijs.setEngine(
  'node',
  new pkijs.CryptoEngine({
    name: 'node',
    crypto: webcrypto as unknown as ConstructorParameters<typeof pkijs.CryptoEngine>[0]['crypto'],
  }),
);

/** Makes ESIA's `client_secret`: a detached CMS signature (base64url) over the request string. */
export interface EsiaSigner {
  sign(data: string): Promise<string>;
}

function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

/** Accepts base64 or base64url from a signer and answers base64url, as ESIA wants it. */
function toBase64url(text: string): string {
  const clean = text.trim().replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(clean)) throw new Error('Подписывающий сервис вернул не base64');
  return Buffer.from(clean.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('base64url');
}

/** The built-in RSA signer of the stand-in and tests: CMS SignedData, SHA-256, detached. */
export function createBuiltinSigner(privateKey: webcrypto.CryptoKey, certificateDer: Uint8Array): EsiaSigner {
  const certificate = pkijs.Certificate.fromBER(toArrayBuffer(certificateDer));
  return {
    async sign(data) {
      const signed = new pkijs.SignedData({
        version: 1,
        encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: pkijs.ContentInfo.DATA }),
        signerInfos: [
          new pkijs.SignerInfo({
            version: 1,
            sid: new pkijs.IssuerAndSerialNumber({
              issuer: certificate.issuer,
              serialNumber: certificate.serialNumber,
            }),
          }),
        ],
        certificates: [certificate],
      });
      await signed.sign(privateKey as never, 0, 'SHA-256', toArrayBuffer(new TextEncoder().encode(data)));
      const info = new pkijs.ContentInfo({
        contentType: pkijs.ContentInfo.SIGNED_DATA,
        content: signed.toSchema(true),
      });
      return Buffer.from(info.toSchema().toBER(false)).toString('base64url');
    },
  };
}

/** A signer that runs a command (e.g. CryptoPro's cryptcp wrapper): data on stdin, base64 CMS on stdout. */
export function createCommandSigner(command: string, timeoutMs = 10_000): EsiaSigner {
  return {
    sign(data) {
      return new Promise((resolvePromise, reject) => {
        const child = spawn(command, { shell: true, stdio: ['pipe', 'pipe', 'pipe'], timeout: timeoutMs });
        const out: Buffer[] = [];
        const err: Buffer[] = [];
        child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
        child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
        child.on('error', reject);
        child.on('close', (code) => {
          if (code !== 0) {
            reject(
              new Error(
                `Подписывающая команда завершилась с кодом ${code}: ${Buffer.concat(err).toString().slice(0, 200)}`,
              ),
            );
            return;
          }
          try {
            resolvePromise(toBase64url(Buffer.concat(out).toString()));
          } catch (error) {
            reject(error);
          }
        });
        // A command that exits without reading closes the pipe; its exit code tells what happened.
        child.stdin.on('error', () => undefined);
        child.stdin.end(data, 'utf8');
      });
    },
  };
}

/** A signer behind HTTP: POST the data as text, the answer is the base64 CMS. */
export function createHttpSigner(url: string, timeoutMs = 10_000): EsiaSigner {
  return {
    async sign(data) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'text/plain; charset=utf-8' },
        body: data,
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) throw new Error(`Подписывающий сервис ответил ${res.status}`);
      return toBase64url(await res.text());
    },
  };
}

/** A key pair and self-signed certificate made at start for the stand-in: never stored, never committed. */
export interface DemoCredentials {
  privateKey: webcrypto.CryptoKey;
  certificatePem: string;
  certificateDer: Uint8Array;
  /** SHA-256 of the certificate (hex): the demo's `client_certificate_hash`. */
  certificateHash: string;
}

/** Generates the demo information system's RSA key and certificate. */
export async function createDemoCredentials(clientId: string, now: Date): Promise<DemoCredentials> {
  const algorithm = {
    name: 'RSASSA-PKCS1-v1_5',
    hash: 'SHA-256',
    publicExponent: new Uint8Array([1, 0, 1]),
    modulusLength: 2048,
  };
  const keys = (await webcrypto.subtle.generateKey(algorithm, false, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
  const certificate = new pkijs.Certificate();
  certificate.version = 2;
  const serial = createHash('sha256').update(`${clientId}${now.getTime()}`).digest().subarray(0, 8);
  serial[0] = (serial[0] ?? 0) & 0x7f;
  certificate.serialNumber = new asn1js.Integer({ valueHex: toArrayBuffer(serial) });
  const name = new pkijs.AttributeTypeAndValue({
    type: '2.5.4.3',
    value: new asn1js.Utf8String({ value: `${clientId} demo` }),
  });
  certificate.issuer.typesAndValues.push(name);
  certificate.subject.typesAndValues.push(name);
  certificate.notBefore.value = new Date(now.getTime() - 60_000);
  certificate.notAfter.value = new Date(now.getTime() + 365 * 24 * 3600 * 1000);
  await certificate.subjectPublicKeyInfo.importKey(keys.publicKey as never);
  await certificate.sign(keys.privateKey as never, 'SHA-256');
  const der = new Uint8Array(certificate.toSchema(true).toBER(false));
  return {
    privateKey: keys.privateKey,
    certificatePem: `-----BEGIN CERTIFICATE-----\n${Buffer.from(der)
      .toString('base64')
      .replace(/(.{64})/g, '$1\n')
      .trim()}\n-----END CERTIFICATE-----\n`,
    certificateDer: der,
    certificateHash: createHash('sha256').update(der).digest('hex'),
  };
}
