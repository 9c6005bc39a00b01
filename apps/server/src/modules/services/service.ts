import type { Database } from '../../db/client';
import { listConvergenceServices, listMediaServices } from './repository';

/** Subscriptions tariffs may include. */
export async function mediaServices(db: Database) {
  return listMediaServices(db);
}

/** Home services (internet, TV) tariffs may include. */
export async function convergenceServices(db: Database) {
  return listConvergenceServices(db);
}
