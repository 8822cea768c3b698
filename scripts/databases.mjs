// Databases of their own on a PostgreSQL server, for test runs and benches: the server tests' template
// and per-file copies, the browser tests' server, the two-instance and kill tests, bench:load and
// bench:analytics. Each is created here and dropped by its maker, never anyone else's.
import pg from 'pg';

/** Runs `fn` with a client connected to `url`, and closes the client. */
export async function withClient(url, fn) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The URL of the database `name` on the server of `serverUrl`. */
export function databaseUrl(serverUrl, name) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Creates the database `name` on the server of `serverUrl` (empty, or a copy of `template`). Its URL,
 * and how to drop it: with force, so a process that left connections open does not keep it.
 * @param {string} serverUrl
 * @param {string} name
 * @param {{ template?: string }} [opts]
 */
export async function createDatabase(serverUrl, name, { template } = {}) {
  for (const identifier of [name, template ?? name]) {
    if (!/^[a-z_][a-z0-9_]*$/.test(identifier)) throw new Error(`not a database name of [a-z0-9_]: ${identifier}`);
  }
  await withClient(serverUrl, (c) => c.query(`create database ${name}${template ? ` template ${template}` : ''}`));
  return {
    name,
    url: databaseUrl(serverUrl, name),
    drop: () => withClient(serverUrl, (c) => c.query(`drop database if exists ${name} with (force)`)),
  };
}
