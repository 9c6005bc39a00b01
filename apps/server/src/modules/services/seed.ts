import type { Database } from '../../db/client';
import { convergenceServices as convergenceSeed, mediaServices as mediaSeed } from './reference-data';
import { convergenceServices, mediaServices } from './tables';

/** The media and convergence services tariffs may include; rows already there are left alone. */
export async function seedServices(db: Database): Promise<void> {
  for (const s of mediaSeed) {
    await db.insert(mediaServices).values(s).onConflictDoNothing();
  }
  for (const s of convergenceSeed) {
    await db.insert(convergenceServices).values(s).onConflictDoNothing();
  }
}
