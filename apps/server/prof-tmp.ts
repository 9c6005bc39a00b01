import { monitorEventLoopDelay } from 'node:perf_hooks';
import { readXlsxBatch, xlsxResult } from './src/modules/lookup/batch';
import type { BatchView } from './src/modules/lookup/engine';
import { largeXlsx } from './src/modules/lookup/xlsx-fixture';

const file = largeXlsx({
  rows: 100_000,
  sheetBytes: 200 * 1024 * 1024 - 65536,
  number: () => `79${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
});
const view: BatchView = {
  key: (n) => n % 5000,
  answer: (m) =>
    ({
      msisdn: m,
      operatorId: 1,
      operatorName: 'МТС',
      operatorLogo: '',
      regionCode: 77,
      regionName: 'г. Москва',
      isPorted: false,
      lastPortation: null,
      rangeHolder: 'ПАО МТС',
    }) as never,
};
const limits = {
  maxRows: 100_000,
  maxUncompressedBytes: 200 * 1024 * 1024,
  maxZipEntries: 1000,
  deadline: Date.now() + 600_000,
};
let phase = 'idle';
let last = performance.now();
const gaps: string[] = [];
setInterval(() => {
  const now = performance.now();
  if (now - last > 40) gaps.push(`${phase}:${(now - last).toFixed(0)}`);
  last = now;
}, 2).unref();
for (let run = 0; run < 2; run++) {
  const h = monitorEventLoopDelay({ resolution: 1 });
  h.enable();
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  phase = 'read';
  const input = await readXlsxBatch(file, limits);
  phase = 'write';
  const c1 = process.cpuUsage(c0);
  const t1 = performance.now();
  let bytes = 0;
  for await (const chunk of xlsxResult(input, view)) bytes += (chunk as Buffer).length;
  const c2 = process.cpuUsage(c0);
  const t2 = performance.now();
  console.log(
    `read ${((t1 - t0) / 1000).toFixed(2)} s wall, ${((c1.user + c1.system) / 1e6).toFixed(2)} s cpu; write ${((t2 - t1) / 1000).toFixed(2)} s wall, total cpu ${((c2.user + c2.system) / 1e6).toFixed(2)} s; out ${bytes}; rss ${(process.memoryUsage.rss() / 1e6).toFixed(0)} MB; loop delay max ${(h.max / 1e6).toFixed(1)} ms p99 ${(h.percentile(99) / 1e6).toFixed(1)} ms`,
  );
  h.disable();
  console.log(gaps.join(' '));
  gaps.length = 0;
  phase = 'idle';
}
