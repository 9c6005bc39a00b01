import type { Database } from '../../db/client';
import { insertLegalName, operators as operatorSeed, operatorsBySlugs } from '../operators';
import { DEMO_PLAN_SOURCE, demoPlanCsv, demoPortedLines } from './demo';
import { importNumberingPlan } from './registry/plan-import';
import { importPortedExtract } from './registry/ported-import';
import { normaliseLegalName } from './registry/registry-names';
import { hasPortedNumbers, readLookupState } from './repository';

/** Every known spelling of the listed operators' legal names, normalised for matching the registry (needs the operators seeded). */
export async function seedOperatorLegalNames(db: Database): Promise<void> {
  const ids = await operatorsBySlugs(
    db,
    operatorSeed.map((o) => o.slug),
  );
  for (const o of operatorSeed) {
    const found = ids.get(o.slug);
    if (!found) continue;
    for (const legalName of o.legalNames) {
      await insertLegalName(db, { normalised: normaliseLegalName(legalName), legalName, operatorId: found.id });
    }
  }
}

/**
 * Loads the demo plan when no plan was ever imported, and demo ported numbers when the registry is
 * empty and the plan is the demo one. Idempotent: a real imported plan is never replaced.
 */
export async function seedLookupDemo(db: Database): Promise<boolean> {
  const state = await readLookupState(db);
  let seeded = false;
  if (!state || state.planVersion === 0) {
    await importNumberingPlan(db, new TextEncoder().encode(demoPlanCsv()), { source: DEMO_PLAN_SOURCE, isDemo: true });
    seeded = true;
  }
  const after = await readLookupState(db);
  if (after?.planIsDemo && !(await hasPortedNumbers(db))) {
    await importPortedExtract(db, demoPortedLines(), { source: 'демонстрационные перенесённые номера', kind: 'full' });
    seeded = true;
  }
  return seeded;
}
