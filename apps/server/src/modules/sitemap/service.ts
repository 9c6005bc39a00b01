import type { Database } from '../../db/client';
import { publicStoryDates } from '../news';
import { listedOperatorSlugs } from '../operators';
import { regionSlugs } from '../regions';
import { tariffChangesByRegion } from '../tariffs';

/** The site's pages as search engines see them (decision 041). */
type IsOn = (feature: 'News' | 'OperatorPage' | 'OperatorsByRegionMap' | 'Portation') => boolean;

interface Entry {
  path: string;
  lastmod?: string | undefined;
}

const day = (value: Date | string | null): string | undefined =>
  value === null ? undefined : new Date(value).toISOString().slice(0, 10);

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string,
  );

/** robots.txt: the public pages allowed; the account, the wizard's order pages, the API and the stand-ins not. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /account',
    'Disallow: /portation/*/',
    'Disallow: /staff',
    'Disallow: /error',
    'Disallow: /api/',
    'Disallow: /esia-standin/',
    'Disallow: /bdpn-standin/',
    'Disallow: /outbox-standin/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/**
 * sitemap.xml: every public page (those of a switched-off feature left out), every story, every listed
 * operator's page and every region's tariffs, `lastmod` where the data dates it; addresses absolute from
 * the site's configured origin.
 */
export async function sitemapXml(db: Database, origin: string, isOn: IsOn): Promise<string> {
  const [stories, operators, regionList, tariffChanges] = await Promise.all([
    isOn('News') ? publicStoryDates(db) : [],
    isOn('OperatorPage') ? listedOperatorSlugs(db) : [],
    regionSlugs(db),
    tariffChangesByRegion(db),
  ]);
  // Every region, with its tariffs' last change where it has any.
  const regions = regionList.map((r) => ({ slug: r.slug, lastmod: tariffChanges.get(r.code) ?? null }));
  const newest = (rows: { lastmod: Date | string | null }[]) =>
    rows.map((r) => day(r.lastmod)).reduce<string | undefined>((a, b) => (b && (!a || b > a) ? b : a), undefined);
  const entries: Entry[] = [
    { path: '/' },
    { path: '/check' },
    { path: '/tariffs', lastmod: newest(regions) },
    ...(isOn('Portation') ? [{ path: '/portation' }] : []),
    { path: '/coverage' },
    { path: '/faq' },
    { path: '/about' },
    { path: '/contacts' },
    ...(isOn('News') ? [{ path: '/news', lastmod: newest(stories) }] : []),
    ...(isOn('OperatorPage') ? [{ path: '/operators' }] : []),
    ...(isOn('OperatorsByRegionMap') ? [{ path: '/operators/map' }] : []),
    ...stories.map((s) => ({ path: `/story/${encodeURIComponent(s.slug)}`, lastmod: day(s.lastmod) })),
    ...operators.map((o) => ({ path: `/operator/${encodeURIComponent(o.slug)}` })),
    ...regions.map((r) => ({ path: `/tariffs/${encodeURIComponent(r.slug)}`, lastmod: day(r.lastmod) })),
  ];
  const urls = entries.map(
    (e) => `  <url><loc>${escapeXml(origin + e.path)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
