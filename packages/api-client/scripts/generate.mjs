#!/usr/bin/env node
// Regenerates the API client from the server's route schemas: `node scripts/generate.mjs [--check]`.
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkVerdict, findStaleFiles, renderClientFiles } from './codegen.mjs';

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = resolve(packageDir, '../..');

/**
 * Runs the server's OpenAPI CLI and parses what it prints.
 * @returns {Promise<Record<string, unknown>>}
 */
function loadDocument() {
  return new Promise((resolvePromise, reject) => {
    const child = spawn('npx', ['tsx', 'apps/server/src/cli/openapi.ts'], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      // npx is a .cmd shim on Windows and only starts through a shell there.
      shell: process.platform === 'win32',
    });
    /** @type {Buffer[]} */
    const out = [];
    /** @type {Buffer[]} */
    const err = [];
    child.stdout.on('data', (chunk) => out.push(chunk));
    child.stderr.on('data', (chunk) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const stderr = Buffer.concat(err).toString('utf8');
      if (code !== 0) {
        reject(new Error(`Сервер не выдал OpenAPI-документ (код ${code}):\n${stderr}`));
        return;
      }
      try {
        const document = JSON.parse(Buffer.concat(out).toString('utf8'));
        if (typeof document !== 'object' || document === null || typeof document.openapi !== 'string') {
          throw new Error('в выводе нет поля "openapi"');
        }
        resolvePromise(document);
      } catch (error) {
        reject(new Error(`Вывод сервера — не OpenAPI-документ: ${String(error)}\n${stderr}`));
      }
    });
  });
}

const check = process.argv.includes('--check');
try {
  const files = await renderClientFiles(await loadDocument());
  const stale = await findStaleFiles(packageDir, files);
  if (check) {
    const verdict = checkVerdict(stale);
    (verdict.ok ? console.log : console.error)(verdict.message);
    process.exitCode = verdict.ok ? 0 : 1;
  } else {
    // Only changed files are rewritten, so unchanged ones keep their timestamps.
    for (const file of files.filter((f) => stale.includes(f.path))) {
      const target = join(packageDir, file.path);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, file.content);
    }
    console.log(stale.length === 0 ? 'API-клиент уже актуален.' : `Обновлено: ${stale.join(', ')}`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 2;
}
