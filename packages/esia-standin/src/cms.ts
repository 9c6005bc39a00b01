import { webcrypto } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

pkijs.setEngine(
  'node',
  new pkijs.CryptoEngine({
    name: 'node',
    crypto: webcrypto as unknown as ConstructorParameters<typeof pkijs.CryptoEngine>[0]['crypto'],
  }),
);

function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

/** DER bytes of a PEM certificate (or the DER itself). */
export function certificateDer(certificate: string | Uint8Array): Uint8Array {
  if (typeof certificate !== 'string') return certificate;
  const base64 = certificate.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
  return new Uint8Array(Buffer.from(base64, 'base64'));
}

/**
 * Verifies a detached CMS SignedData (base64url, as ESIA's `client_secret`) over `data`, made by the
 * key of `certificate`. The certificates the message carries are ignored: a signer cannot bring its own.
 */
export async function verifyDetachedCms(
  data: string,
  signatureBase64url: string,
  certificate: Uint8Array,
): Promise<boolean> {
  try {
    const der = new Uint8Array(Buffer.from(signatureBase64url, 'base64url'));
    if (der.length === 0) return false;
    const asn = asn1js.fromBER(toArrayBuffer(der));
    if (asn.offset === -1) return false;
    const info = new pkijs.ContentInfo({ schema: asn.result });
    if (info.contentType !== pkijs.ContentInfo.SIGNED_DATA) return false;
    const signed = new pkijs.SignedData({ schema: info.content });
    if (signed.signerInfos.length !== 1) return false;
    signed.certificates = [pkijs.Certificate.fromBER(toArrayBuffer(certificate))];
    const result = await signed.verify({
      signer: 0,
      data: toArrayBuffer(new TextEncoder().encode(data)),
      checkChain: false,
      extendedMode: true,
    });
    return result.signatureVerified === true;
  } catch {
    return false;
  }
}
