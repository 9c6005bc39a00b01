import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { convergenceServices, mediaServices } from './tables';

/** Media services (subscriptions) tariffs may include, by id. */
export async function listMediaServices(db: Database) {
  return db.select().from(mediaServices).orderBy(asc(mediaServices.id));
}

/** Convergence services (home internet, TV, …) tariffs may include, by id. */
export async function listConvergenceServices(db: Database) {
  return db.select().from(convergenceServices).orderBy(asc(convergenceServices.id));
}

/** The slugs of both service lists by id: what a tariff's service ids stand for (the tariff catalogue reads them here). */
export async function serviceSlugs(db: Database) {
  // One after another: inside a transaction (the catalogue's import) the handle is one connection.
  const media = await db.select({ id: mediaServices.id, slug: mediaServices.slug }).from(mediaServices);
  const convergence = await db
    .select({ id: convergenceServices.id, slug: convergenceServices.slug })
    .from(convergenceServices);
  return { media, convergence };
}
