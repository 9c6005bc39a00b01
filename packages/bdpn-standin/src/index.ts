/**
 * A stand-in of the central database of ported numbers (БДПН) and of the donor operators, for the
 * demo and the tests: the other side of a recipient operator's porting process. Never in production.
 */
import type { FastifyPluginAsync } from 'fastify';
import { CentralDatabase, type CentralDatabaseOptions } from './central-database';
import { centralDatabasePlugin } from './plugin';

export {
  ApplicationError,
  CentralDatabase,
  type CentralDatabaseOptions,
  DEMO_MOVED_WINDOWS,
  MemoryStore,
  MIN_DAYS_BETWEEN_PORTINGS,
  type ProcessStore,
  type RegistryEntry,
} from './central-database';
export { type Contract, DEMO_CONTRACTS, donorCheck } from './donor';
export { moscowDay, moscowMidnight, type ProcessRecord, STEP, timeline } from './process';
export * from './protocol';

export interface BdpnStandin {
  /** The process logic, callable in process (the demo seeding runs it on a simulated clock). */
  centralDatabase: CentralDatabase;
  /** The HTTP gateway and page, to mount under a prefix. */
  plugin: FastifyPluginAsync;
}

/** Creates the stand-in over a store and the registry it checks numbers against. */
export function createBdpnStandin(options: CentralDatabaseOptions & { token?: string | undefined }): BdpnStandin {
  const centralDatabase = new CentralDatabase(options);
  return { centralDatabase, plugin: centralDatabasePlugin(centralDatabase, options.store, { token: options.token }) };
}
