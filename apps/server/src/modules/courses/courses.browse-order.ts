import type { CatalogSort } from '@kaksha/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { courseRank } from '../../core/db/schema/index.ts';
import { badRequest } from '../../core/errors.ts';
import { isUuid } from '../../core/ids.ts';

/*
 * The catalogue's orders and their keyset cursors (issue #27). Each order is a list of keys over
 * course_rank ending with the course id, so it is total, and each is the column order of one of
 * its partial indexes (listed rows only): a page reads the index in order from the cursor and stops
 * after one page, whatever the catalogue's size. A cursor is the last card's keys, so a page
 * starts right after it even when courses are published (or removed) between pages: no repeats
 * and no gaps among the courses whose keys did not change meanwhile.
 */

type KeyType = 'timestamptz' | 'int' | 'float8' | 'uuid';

interface Key {
  column: SQL;
  desc: boolean;
  /** As the index says it (drizzle writes desc columns NULLS LAST). */
  order: SQL;
  type: KeyType;
}

const key = (column: SQL, desc: boolean, type: KeyType, nulls = desc ? sql` nulls last` : sql``): Key => ({
  column,
  desc,
  order: sql`${column} ${desc ? sql`desc` : sql`asc`}${nulls}`,
  type,
});

const newest = key(sql`${courseRank.createdAt}`, true, 'timestamptz');
const id = key(sql`${courseRank.courseId}`, false, 'uuid');
const enrolled = key(sql`${courseRank.enrolled}`, true, 'int');
const rating = key(sql`${courseRank.rating}`, true, 'float8');

/** Each order's keys, as its index (schema/search.ts) has them. */
const ORDERS: Record<CatalogSort, Key[]> = {
  newest: [newest, id],
  // Most learners, then best rated (course_rank_popular_idx).
  popular: [enrolled, rating, newest, id],
  // Best average, then most learners (course_rank_rating_idx, shared with the AI search's listing).
  rating: [rating, enrolled, newest, id],
  // Unpriced courses last either way, newest first among equal prices.
  'price-asc': [key(sql`coalesce(${courseRank.price}, 2147483647)`, false, 'int'), newest, id],
  'price-desc': [key(sql`coalesce(${courseRank.price}, -1)`, true, 'int', sql``), newest, id],
};

export const orderBy = (sort: CatalogSort) => ORDERS[sort].map((k) => k.order);

/** The keys of a row as text (timestamps to the microsecond): what its cursor will carry. */
export const cursorKeys = (sort: CatalogSort) =>
  sql<string[]>`array[${sql.join(
    ORDERS[sort].map((k) => sql`${k.column}::text`),
    sql`, `,
  )}]`;

/**
 * Rows after the cursor's in this order: `k1 > v1 or (k1 = v1 and (k2 > v2 or …))` (with < for
 * descending keys), led by `k1 >= v1` so that the index scan starts at the cursor.
 */
export function afterCursor(sort: CatalogSort, values: string[]): SQL {
  const keys = ORDERS[sort];
  const value = (i: number) => sql`${values[i]}::${sql.raw(keys[i].type)}`;
  let condition: SQL | undefined;
  for (let i = keys.length - 1; i >= 0; i--) {
    const beyond = sql`${keys[i].column} ${sql.raw(keys[i].desc ? '<' : '>')} ${value(i)}`;
    condition = condition ? sql`(${beyond} or (${keys[i].column} = ${value(i)} and ${condition}))` : beyond;
  }
  const [first] = keys;
  return sql`(${first.column} ${sql.raw(first.desc ? '<=' : '>=')} ${value(0)} and ${condition})`;
}

/*
 * Cursors: base64url of the keys joined by '|'. A newest-first cursor is the creation time and
 * the id, exactly as before browsing existed, so links and clients holding one keep working;
 * the other orders name themselves first, and a cursor of one order is refused by another.
 */

/** The cursor of a row's keys (`cursorKeys`): where the page after it starts. */
export function cursorOf(sort: CatalogSort, values: string[]) {
  return Buffer.from((sort === 'newest' ? values : [sort, ...values]).join('|')).toString('base64url');
}

/** `timestamptz::text` as PostgreSQL writes it: the only time a cursor may carry. */
const DATABASE_TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;
const VALID: Record<KeyType, (v: string) => boolean> = {
  timestamptz: (v) => DATABASE_TIMESTAMP.test(v),
  int: (v) => /^-?\d{1,10}$/.test(v),
  float8: (v) => /^\d{1,3}(\.\d{1,20})?(e-\d{1,3})?$/.test(v),
  uuid: isUuid,
};

export function decodeCursor(sort: CatalogSort, cursor: string): string[] {
  const parts = Buffer.from(cursor, 'base64url').toString().split('|');
  const values = sort === 'newest' ? parts : parts[0] === sort ? parts.slice(1) : [];
  const keys = ORDERS[sort];
  if (values.length !== keys.length || !keys.every((k, i) => VALID[k.type](values[i]))) {
    throw badRequest(
      { id: 'catalogue_link_stale', message: 'This catalogue page link is out of date; start from the first page' },
      {
        cursor: 'Invalid cursor',
      },
    );
  }
  return values;
}
