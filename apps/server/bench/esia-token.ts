/**
 * `npx tsx apps/server/bench/esia-token.ts [--checks=200]`: the cost of one ESIA token check
 * (verifyEsiaToken: signature and claims) for RS256 (jose, in process) and GOST R 34.10-2012 256 and
 * 512 (Debian's OpenSSL with the GOST engine, a child process per check; decision 050). Prints, per
 * algorithm, the median and 95th percentile of wall time one after another, this process's CPU per check,
 * the children's CPU per check (from /proc), and the wall time of 50 checks at once; and the load.
 */
import { readFileSync } from 'node:fs';
import { type GostAlgorithm, generateGostCredentials, gostSign } from '@perenos/gost';
import { exportSPKI, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import { verifyEsiaToken } from '../src/modules/esia/adapter';
import { type EsiaTokenKey, loadEsiaTokenKey } from '../src/modules/esia/token-key';

const CHECKS = Number(process.argv.find((a) => a.startsWith('--checks='))?.split('=')[1] ?? 200);
const CLIENT = 'PERENOS';
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** CPU seconds of this process's finished children (utime + stime of /proc/self/stat, fields 16 and 17). */
function childrenCpuMs(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
  const ticks = Number(fields[13]) + Number(fields[14]);
  return (ticks * 1000) / 100;
}

async function token(alg: 'RS256' | GostAlgorithm): Promise<{ jwt: string; key: EsiaTokenKey }> {
  const now = Math.floor(Date.now() / 1000);
  const claims: JWTPayload = { iss: 'http://esia.gosuslugi.ru/', aud: CLIENT, exp: now + 3600, 'urn:esia:sbj_id': '1' };
  if (alg === 'RS256') {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const jwt = await new SignJWT(claims).setProtectedHeader({ alg }).sign(privateKey);
    return { jwt, key: await loadEsiaTokenKey(await exportSPKI(publicKey)) };
  }
  const { privateKeyPem, certificatePem } = await generateGostCredentials(alg, 'bench');
  const input = `${b64({ alg, typ: 'JWT' })}.${b64(claims)}`;
  const signature = await gostSign(alg, privateKeyPem, { data: input });
  return { jwt: `${input}.${signature.toString('base64url')}`, key: await loadEsiaTokenKey(certificatePem) };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

async function main() {
  console.log(`load before: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
  for (const alg of ['RS256', 'GOST3410_2012_256', 'GOST3410_2012_512'] as const) {
    const { jwt, key } = await token(alg);
    const check = () => verifyEsiaToken(jwt, { key, clientId: CLIENT, now: new Date(), kind: 'id' });
    await check();
    const times: number[] = [];
    const cpu0 = process.cpuUsage();
    const children0 = childrenCpuMs();
    for (let i = 0; i < CHECKS; i++) {
      const t0 = performance.now();
      await check();
      times.push(performance.now() - t0);
    }
    const cpu = process.cpuUsage(cpu0);
    const children = childrenCpuMs() - children0;
    times.sort((a, b) => a - b);
    const t0 = performance.now();
    await Promise.all(Array.from({ length: 50 }, check));
    const burst = performance.now() - t0;
    console.log(
      `${alg.padEnd(18)} median ${percentile(times, 0.5)?.toFixed(2)} ms, p95 ${percentile(times, 0.95)?.toFixed(2)} ms; ` +
        `node CPU ${((cpu.user + cpu.system) / 1000 / CHECKS).toFixed(2)} ms, openssl CPU ${(children / CHECKS).toFixed(2)} ms per check; ` +
        `50 at once ${burst.toFixed(0)} ms`,
    );
  }
  console.log(`load after: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
}

await main();
