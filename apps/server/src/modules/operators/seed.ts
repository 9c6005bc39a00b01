import type { Database } from '../../db/client';
import { regionNames } from '../regions';
import { operators as operatorSeed } from './reference-data';
import { operators, regionOperators } from './tables';

/** The listed operators: inserted, or brought up to date by slug. Their legal names are the lookup module's seed. */
export async function seedOperators(db: Database): Promise<void> {
  for (const o of operatorSeed) {
    const values = {
      slug: o.slug,
      name: o.name,
      inn: o.inn,
      site: o.site || null,
      color: o.color,
      kind: o.kind,
      description: o.description,
      isListed: true,
    };
    await db.insert(operators).values(values).onConflictDoUpdate({ target: operators.slug, set: values });
  }
}

// Which operators work in which region, for the demo until a numbering-plan import derives it from the
// registry. Based on the operators' public coverage.
const NATIONAL = ['mts', 'megafon', 'beeline', 't2'];
// Virtual operators ride on a national network and sell wherever it does.
const VIRTUAL = ['sbermobile', 't-mobile', 'vtb-mobile', 'gazprom-telecom', 'alfa-mobile', 'rostelecom', 'yota'];
const REGIONAL: Record<string, number[]> = {
  motiv: [66, 45, 86, 89],
  'win-mobile': [91, 92, 90, 95],
  volna: [91, 92, 90, 95],
  'miranda-media': [91, 92, 93, 94, 90, 95],
  phoenix: [93],
};
// Crimea, Sevastopol and the subjects added in 2022 are served by their own operators.
const OWN_NETWORK_ONLY = new Set([84, 85, 90, 91, 92, 93, 94, 95]);

/** Region–operator pairs by operator slug; slugs missing from the catalogue are skipped by the caller. */
function demoRegionOperators(regionCodes: number[]): { regionCode: number; slug: string }[] {
  const pairs: { regionCode: number; slug: string }[] = [];
  for (const regionCode of regionCodes) {
    if (!OWN_NETWORK_ONLY.has(regionCode)) {
      for (const slug of [...NATIONAL, ...VIRTUAL]) pairs.push({ regionCode, slug });
    }
    for (const [slug, codes] of Object.entries(REGIONAL)) {
      if (codes.includes(regionCode)) pairs.push({ regionCode, slug });
    }
  }
  return pairs;
}

/** The demo's operators in each region (needs regions and operators seeded). */
export async function seedRegionOperatorsDemo(db: Database): Promise<void> {
  const ops = await db.select({ id: operators.id, slug: operators.slug }).from(operators);
  const idBySlug = new Map(ops.map((o) => [o.slug, o.id]));
  const codes = [...(await regionNames(db)).keys()].sort((a, b) => a - b);
  const pairs = demoRegionOperators(codes).flatMap(({ regionCode, slug }) => {
    const operatorId = idBySlug.get(slug);
    return operatorId === undefined ? [] : [{ regionCode, operatorId }];
  });
  for (let i = 0; i < pairs.length; i += 500) {
    await db
      .insert(regionOperators)
      .values(pairs.slice(i, i + 500))
      .onConflictDoNothing();
  }
}
