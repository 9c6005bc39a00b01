import type { FastifyBaseLogger } from 'fastify';
import type { LookupConfig } from '../../../config/env';
import type { Database } from '../../../db/client';
import { claimPlanRefresh } from '../repository';
import { formatPlanSummary, importNumberingPlan } from './plan-import';

const CHECK_EVERY_MS = 15 * 60 * 1000;

/** Downloads a registry file; a non-2xx answer is an error (an HTML page with 200 is refused by the parser). */
export async function downloadRegistry(url: string): Promise<Uint8Array> {
  const response = await fetch(url, { signal: AbortSignal.timeout(120_000) });
  if (!response.ok) throw new Error(`Сервер реестра ответил ${response.status} для ${url}`);
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * Refreshes the plan from the official addresses every `planRefreshHours`. Each node checks now and
 * then; the conditional update in claimPlanRefresh lets exactly one of them do the work.
 * Returns the function that stops it.
 */
export function startPlanRefresh(db: Database, cfg: LookupConfig, log: FastifyBaseLogger): () => void {
  if (cfg.planUrls.length === 0) return () => {};
  const run = async () => {
    if (!(await claimPlanRefresh(db, cfg.planRefreshHours))) return;
    const files = [];
    for (const url of cfg.planUrls) files.push({ name: url, bytes: await downloadRegistry(url) });
    const summary = await importNumberingPlan(db, files, { source: cfg.planUrls.join(', ') });
    log.info({ ranges: summary.ranges }, formatPlanSummary(summary));
  };
  const tick = () => run().catch((err: unknown) => log.error({ err }, 'numbering plan refresh failed'));
  const first = setTimeout(tick, 10_000);
  const timer = setInterval(tick, CHECK_EVERY_MS);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
