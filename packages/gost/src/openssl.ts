import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** OpenSSL or its GOST engine cannot be run, or cannot read the key: a set-up fault, not a bad signature. */
export class GostUnavailable extends Error {}

/** The one command that brings what this module runs. */
export const GOST_INSTALL = 'apt-get install openssl libengine-gost-openssl';

const TIMEOUT_MS = 10_000;

export interface Run {
  code: number | null;
  stdout: Buffer;
  stderr: string;
}

/**
 * Runs `openssl` with the GOST engine. Keys and signatures go in files of a private temporary folder
 * (and documents the command reads as files; OpenSSL reads keys only from files; Node's extra stdio channels are sockets, which /dev/fd cannot
 * reopen), the data goes on stdin and never touches the disk; the folder is removed afterwards.
 */
export async function openssl(
  args: (files: Record<string, string>) => string[],
  files: Record<string, string | Uint8Array>,
  stdin: Uint8Array | string,
  /** Run inside the temporary folder (`openssl ca` keeps its database there, named relative to it). */
  options: { inFolder?: boolean } = {},
): Promise<Run> {
  const dir = await mkdtemp(join(tmpdir(), 'perenos-gost-'));
  try {
    const paths: Record<string, string> = {};
    for (const [name, content] of Object.entries(files)) {
      paths[name] = join(dir, name);
      await writeFile(paths[name], content, { mode: 0o600 });
    }
    return await new Promise<Run>((resolve, reject) => {
      const [command = '', ...rest] = args(paths);
      const child = spawn('openssl', [command, '-engine', 'gost', ...rest], {
        stdio: ['pipe', 'pipe', 'pipe'],
        timeout: TIMEOUT_MS,
        ...(options.inFolder ? { cwd: dir } : {}),
      });
      const out: Buffer[] = [];
      let err = '';
      child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => {
        err += chunk;
      });
      child.on('error', (error) =>
        reject(new GostUnavailable(`OpenSSL не запускается (${error.message}); установите: ${GOST_INSTALL}`)),
      );
      child.on('close', (code, signal) => {
        if (signal) reject(new GostUnavailable(`OpenSSL не ответил за ${TIMEOUT_MS / 1000} с (${signal})`));
        else resolve({ code, stdout: Buffer.concat(out), stderr: err.trim() });
      });
      // A command that fails before reading closes the pipe; its exit code and stderr tell why.
      child.stdin.on('error', () => undefined);
      child.stdin.end(stdin);
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A run that failed for a reason that is not the input's: the engine, a key OpenSSL cannot read. */
export function engineFault(run: Run): GostUnavailable {
  const detail = run.stderr.replace(/^Engine "gost" set\.\s*/m, '').slice(0, 300);
  return new GostUnavailable(`OpenSSL с движком ГОСТ не выполнил операцию (${detail}); нужны пакеты: ${GOST_INSTALL}`);
}
