import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { operatorLegalNames, operators as operatorSeed, operatorsTable as operators } from '../operators';
import { DEMO_PLAN_SOURCE, demoPlanCsv, demoPortedLines } from './demo';
import { importNumberingPlan } from './registry/plan-import';
import { importPortedExtract } from './registry/ported-import';
import { normaliseLegalName } from './registry/registry-names';
import { hasPortedNumbers, readLookupState } from './repository';

/** Every known spelling of the listed operators' legal names, normalised for matching the registry (needs the operators seeded). */
export async function seedOperatorLegalNames(db: Database): Promise<void> {
  for (const o of operatorSeed) {
    const [row] = await db.select({ id: operators.id }).from(operators).where(eq(operators.slug, o.slug));
    if (!row) continue;
    for (const legalName of o.legalNames) {
      await db
        .insert(operatorLegalNames)
        .values({ normalised: normaliseLegalName(legalName), legalName, operatorId: row.id })
        .onConflictDoNothing();
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
