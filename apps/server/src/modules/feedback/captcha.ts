import { createHmac } from 'node:crypto';
import { type Challenge, createChallenge, randomInt } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { verify } from 'altcha-lib/frameworks/shared';
import type { Database } from '../../db/client';
import { redeemChallenge } from './repository';

// SHA-256 with a counter of 20–60 thousand: about a second of work in a browser, nothing for a person,
// a real cost for a script sending thousands of messages.
const ALGORITHM = 'SHA-256';
const COUNTER_MIN = 20_000;
const COUNTER_MAX = 60_000;
const LIFETIME_S = 10 * 60;

export interface CaptchaKeys {
  signature: string;
  keySignature: string;
}

/** The captcha's HMAC keys come from the session secret, which production already requires to be strong. */
export function captchaKeys(sessionSecret: string): CaptchaKeys {
  const derive = (label: string) => createHmac('sha256', sessionSecret).update(label).digest('hex');
  return { signature: derive('altcha-signature'), keySignature: derive('altcha-key-signature') };
}

/** A signed proof-of-work challenge for the ALTCHA widget (self-hosted, no third party involved). */
export function newChallenge(keys: CaptchaKeys, now: Date): Promise<Challenge> {
  return createChallenge({
    algorithm: ALGORITHM,
    cost: 1,
    counter: randomInt(COUNTER_MIN, COUNTER_MAX),
    deriveKey,
    expiresAt: new Date(now.getTime() + LIFETIME_S * 1000),
    hmacSignatureSecret: keys.signature,
    hmacKeySignatureSecret: keys.keySignature,
  });
}

/** True when the widget's payload solves a challenge we signed, in time, and was not used before. */
export async function verifyCaptcha(db: Database, keys: CaptchaKeys, payload: string): Promise<boolean> {
  const result = await verify(payload, deriveKey, keys.signature, keys.keySignature, {
    get: () => false,
    set: () => undefined,
    setIfAbsent: (id: string) => redeemChallenge(db, id),
  });
  return result.error === null;
}
