import fp from 'fastify-plugin';
import { databaseMetrics } from '../metrics.ts';
import { type Database, type Db, openPglite, openPostgres } from './client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}

/** Opens the database named by the config (PGlite under DATA_DIR by default) and migrates it. */
export const dbPlugin = fp<{ database?: Database }>(
  async (app, opts) => {
    const { config } = app;
    const database =
      opts.database ??
      (config.databaseUrl
        ? await openPostgres(config.databaseUrl, {
            poolSize: config.databasePoolMax,
            statementTimeoutMs: config.databaseStatementTimeoutMs,
            onConnectionError: (error) => app.log.warn({ err: error }, 'an idle database connection was lost'),
          })
        : await openPglite(`${config.dataDir}/db`));
    // Timing every statement costs a little: only when the metrics are scraped.
    if (app.metrics.enabled) databaseMetrics(app.metrics, database);
    app.decorate('database', database);
    app.decorate('db', database.db);
    // A database passed in by a test belongs to the test, which closes it.
    if (!opts.database) app.addHook('onClose', () => database.close());
  },
  { name: 'db', dependencies: ['metrics'] },
);
