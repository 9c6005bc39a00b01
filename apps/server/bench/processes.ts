// What the benchmarks share: the secret their servers sign sessions with, a signed-in user's cookie,
// random mobile numbers, and starting and stopping a server in its own process.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import type { Database } from '../src/db/client';
import { upsertUser } from '../src/modules/esia/repository';
import { deriveAccessKey, startSession } from '../src/modules/session/tokens';

export const BENCH_SECRET = 'benchmark-only-secret-0123456789abcdef';

/** A fresh signed-in user's access cookie (an access token lives 15 minutes: make it just before use). */
export async function benchCookie(db: Database): Promise<string> {
  const profile = {
    lastName: 'Бенчмарк',
    firstName: '',
    middleName: '',
    birthDate: null,
    passportMasked: null,
    mobiles: [],
    email: null,
    emailVerified: false,
  };
  const user = await upsertUser(db, '9999999999', 'Бенчмарк', profile, null, new Date());
  const tokens = await startSession(
    db,
    deriveAccessKey(BENCH_SECRET),
    {
      userId: user.id,
      oid: user.oid,
      name: user.name,
    },
    new Date(),
  );
  return `perenos-at=${tokens.accessToken}`;
}

/** 79XXXXXXXXX, uniformly random. */
export function randomMobile(): string {
  return `79${String(Math.floor(Math.random() * 1_000_000_000)).padStart(9, '0')}`;
}

export interface BenchProcess {
  port: number;
  child: ChildProcess;
  /** From spawn to listening. */
  startMs: number;
}

/**
 * The Node.js the servers run on: BENCH_NODE (a path, e.g. the Node 24 that production runs and CI
 * installs in .ci/node24), else the one running the benchmark. The load generator stays on the latter.
 */
export const serverNode = process.env.BENCH_NODE || process.execPath;

/** `v24.21.0` of the servers' Node.js. */
export function serverNodeVersion(): string {
  return serverNode === process.execPath ? process.version : execFileSync(serverNode, ['--version']).toString().trim();
}

/**
 * Runs `script` with tsx in its own process and resolves with its port once it listens: bench/serve.ts
 * says `READY <port>`, the site says «Сайт работает: http://…:<port>». BENCH_CPU_PROF=dir: the process
 * writes its CPU profile there when it exits.
 */
export function startProcess(script: string, cwd: string, env: Record<string, string>): Promise<BenchProcess> {
  const started = performance.now();
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(serverNode, [...profile, '--import', 'tsx', script], {
    cwd,
    env: { ...process.env, NODE_ENV: 'development', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((done, fail) => {
    let out: string | undefined = '';
    child.stdout?.on('data', (d: Buffer) => {
      if (out === undefined) return; // listening: later log lines are read and dropped
      out += d;
      const m = /READY (\d+)/.exec(out) ?? /Сайт работает: http:\/\/[^:]+:(\d+)/.exec(out);
      if (m) {
        out = undefined;
        done({ port: Number(m[1]), child, startMs: performance.now() - started });
      }
    });
    child.on('exit', (code) => fail(new Error(`${script} exited with ${code}`)));
  });
}

/** SIGTERM, and wait for the process to exit. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}
