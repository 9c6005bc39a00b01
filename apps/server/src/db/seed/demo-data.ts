/**
 * Which operators work in which region, for the demo until a numbering-plan import
 * derives it from the registry. Based on the operators' public coverage.
 */
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
export function demoRegionOperators(regionCodes: number[]): { regionCode: number; slug: string }[] {
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
