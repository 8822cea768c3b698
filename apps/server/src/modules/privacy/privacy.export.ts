import { buffer } from 'node:stream/consumers';
import { sql } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import type { DbOrTx } from '../../core/db/client.ts';
import type { Storage } from '../../core/storage.ts';
import { listMyInvoices, myInvoicePdf } from '../invoices/invoices.service.ts';
import { presentUser } from '../users/users.service.ts';
import {
  EXPORT_EXCLUDED,
  ident,
  pseudonymTables,
  type UserColumn,
  unlinkedUserColumns,
  userColumns,
  WITHHELD_COLUMN,
} from './privacy.tables.ts';

/*
 * The export (DPDP Act 2023 s.11, right to access): everything Kaksha holds about a user, as a
 * ZIP of JSON files. `tables/<table>.json` holds the user's rows of every table that references
 * them (read from the schema, so a new table is in it from its first migration), with secrets and
 * derived columns withheld; `profile.json` is the account as the app presents it; the tax
 * documents are also there as PDFs, and the avatar as its image.
 */

type UserRow = Parameters<typeof presentUser>[2];
type Row = Record<string, unknown>;

/** The places the export reads: every referencing column, and the unlinked ones that exist here. */
async function sources(db: DbOrTx): Promise<UserColumn[]> {
  const linked = (await userColumns(db)).filter((c) => !(c.table in EXPORT_EXCLUDED));
  return [...linked, ...(await unlinkedUserColumns(db))];
}

const rowsOf = async (db: DbOrTx, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

/** How many rows the user has in all: decides whether the export is made at once or by a job. */
export async function countUserRows(db: DbOrTx, userId: string, learner: string | null): Promise<number> {
  const places = await sources(db);
  const parts = places.map(
    (c) => sql`(select count(*) from ${ident(c.table)} where ${ident(c.column)} = ${userId}::uuid)`,
  );
  if (learner) {
    for (const table of await pseudonymTables(db)) {
      parts.push(sql`(select count(*) from ${ident(table)} where learner = ${learner})`);
    }
  }
  const [row] = await rowsOf(db, sql`select (${sql.join(parts, sql` + `)})::int as n`);
  return Number(row?.n ?? 0);
}

const withhold = (row: Row): Row =>
  Object.fromEntries(
    Object.entries(row).map(([k, v]) => [k, WITHHELD_COLUMN.test(k) && v !== null ? '[withheld]' : v]),
  );

/**
 * The user's rows of every table that references them, by table (empty tables left out), and of
 * every table that holds them under their analytics pseudonym (`learner`).
 */
export async function collectTables(db: DbOrTx, user: UserRow, learner: string | null): Promise<Record<string, Row[]>> {
  const tables: Record<string, Row[]> = { users: [withhold({ ...(await userRowAsStored(db, user.id)) })] };
  for (const c of await sources(db)) {
    const rows = await rowsOf(
      db,
      sql`select * from ${ident(c.table)} where ${ident(c.column)} = ${user.id}::uuid order by 1`,
    );
    if (rows.length === 0) continue;
    // A table with two user columns (a row where the user is both) is listed once per row.
    tables[c.table] ??= [];
    const list = tables[c.table];
    const seen = new Set(list.map((r) => JSON.stringify(r)));
    for (const row of rows.map(withhold)) if (!seen.has(JSON.stringify(row))) list.push(row);
  }
  if (learner) {
    for (const table of await pseudonymTables(db)) {
      const rows = await rowsOf(db, sql`select * from ${ident(table)} where learner = ${learner}`);
      if (rows.length > 0) tables[table] = rows.map(withhold);
    }
  }
  return tables;
}

const userRowAsStored = async (db: DbOrTx, userId: string) =>
  (await rowsOf(db, sql`select * from users where id = ${userId}::uuid`))[0] ?? {};

const json = (value: unknown) => strToU8(`${JSON.stringify(value, jsonValue, 2)}\n`);
// bigint counts (PGlite) as numbers; Buffers never occur in these tables but would be base64.
const jsonValue = (_key: string, value: unknown) =>
  typeof value === 'bigint' ? Number(value) : Buffer.isBuffer(value) ? value.toString('base64') : value;

const README = (user: UserRow, at: Date, tables: string[]) => `Kaksha: your data (${at.toISOString()})

This archive holds everything Kaksha stores about the account ${user.email}.

profile.json          your account as the app shows it
tables/<table>.json   your rows of every table that refers to you (by your id, or by the
                      pseudonym course analytics knows you by): ${tables.join(', ')}
invoices/*.pdf        your tax invoices and credit notes
photo.webp            your profile photo, when you have one

Passwords, sign-in tokens, two-factor secrets and bank details are stored only in a form that
cannot be read back (hashed or encrypted), so they are shown as "[withheld]".
To delete your account: Profile → Your data → Delete my account (see /privacy).
`;

/** The ZIP of everything about the user. */
export async function buildExport(
  db: DbOrTx,
  storage: Storage,
  user: UserRow,
  learner: string | null,
  now = new Date(),
): Promise<Uint8Array> {
  const tables = await collectTables(db, user, learner);
  const files: Record<string, Uint8Array> = {
    'README.txt': strToU8(README(user, now, Object.keys(tables).sort())),
    'profile.json': json({ exportedAt: now.toISOString(), ...(await presentUser(db, storage, user)) }),
  };
  for (const [table, rows] of Object.entries(tables)) files[`tables/${table}.json`] = json(rows);
  for (const document of await listMyInvoices(db, user.id)) {
    const { pdf, fileName } = await myInvoicePdf(db, user.id, document._id);
    files[`invoices/${fileName}`] = new Uint8Array(pdf);
  }
  if (user.photoKey && (await storage.stat(user.photoKey))) {
    files['photo.webp'] = new Uint8Array(await buffer(storage.read(user.photoKey)));
  }
  return zipSync(files, { level: 6, mtime: now });
}
