import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, DatabaseHandle } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    /** Drizzle over PGlite or PostgreSQL; repositories take it as their first argument. */
    db: Database;
    database: DatabaseHandle;
  }
}

/** Exposes an opened database to the routes; closes it with the app when the app owns it. */
export default fp(
  async function databasePlugin(app: FastifyInstance, opts: { handle: DatabaseHandle; owned: boolean }) {
    app.decorate('database', opts.handle);
    app.decorate('db', opts.handle.db);
    if (opts.owned) app.addHook('onClose', async () => opts.handle.close());
  },
  { name: 'database' },
);
