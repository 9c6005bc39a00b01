#!/usr/bin/env node
// `npm run typecheck`: every TypeScript project of the repository checked by `tsc`, as many at a time as the
// machine has cores. One after another they took 57 s on a two-core machine; each is one process on one
// core. A project's errors are printed together, after it finishes; the exit status is 1 if any failed.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const tsc = resolve(root, 'node_modules/typescript/bin/tsc');

// The largest first, so that the small ones fill in beside them.
const PROJECTS = [
  'apps/server',
  'apps/web',
  'apps/web/e2e',
  'packages/api-client',
  'packages/bdpn-standin',
  'packages/esia-standin',
  'packages/goskey-standin',
  'packages/porting-rules',
  'packages/phone',
  'packages/gost',
];

/** Checks one project; resolves with its exit status, its output printed in one piece. */
function check(project) {
  return new Promise((done) => {
    const child = spawn(process.execPath, [tsc, '-p', project], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => {
      output += `${error.message}\n`;
      done(1);
    });
    child.on('close', (code) => {
      if (code !== 0) process.stdout.write(`\ntsc -p ${project}:\n${output}`);
      done(code ?? 1);
    });
  });
}

const queue = [...PROJECTS];
let failed = 0;
const worker = async () => {
  for (let project = queue.shift(); project !== undefined; project = queue.shift()) {
    if ((await check(project)) !== 0) failed++;
  }
};
await Promise.all(Array.from({ length: Math.max(1, Math.min(availableParallelism(), PROJECTS.length)) }, worker));
process.exit(failed > 0 ? 1 : 0);
