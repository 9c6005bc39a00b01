import { installJobs } from '../lib/jobs';
import { ALL_QUEUES } from '../queues';
import type { DatabaseHandle } from './client';

/** The site's tables (drizzle migrations) and the job library's (pg-boss installs and migrates its own). */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  await handle.migrate();
  await installJobs(handle, ALL_QUEUES);
}
