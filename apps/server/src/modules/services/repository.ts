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
