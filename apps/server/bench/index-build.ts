/**
 * Builds the ported-number index from the benchmark database in a fresh process and reports the
 * time and the memory it added (run with --expose-gc so the figures are not garbage in waiting).
 */
import { openDatabase } from '../src/db/client';
import { LookupEngine } from '../src/modules/lookup/index/engine';
import { readLookupState } from '../src/modules/lookup/repository';

const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

async function main() {
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
  const state = await readLookupState(database.db);
  const engine = new LookupEngine(database.db, { pollMs: 3_600_000 });
  gc();
  const before = process.memoryUsage();
  const started = performance.now();
  await engine.rebuildPorted(state?.portedGeneration ?? 0);
  const seconds = (performance.now() - started) / 1000;
  gc();
  const after = process.memoryUsage();
  process.stdout.write(
    `${JSON.stringify({
      numbers: engine.portedCount,
      seconds,
      arrayBytes: engine.portedBytes,
      extraRss: after.rss - before.rss,
      extraHeapAndBuffers: after.heapUsed + after.arrayBuffers - (before.heapUsed + before.arrayBuffers),
    })}\n`,
  );
  await database.close();
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
