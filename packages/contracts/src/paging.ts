import { z } from 'zod';

/** `limit` of a paged list: a whole number from 1 to `max` (a query string's text coerced), `fallback` when absent. */
/* @__NO_SIDE_EFFECTS__ */
export function pageLimit(max: number, fallback: number) {
  const message = `limit must be a whole number from 1 to ${max}`;
  return z.coerce.number({ error: message }).int(message).min(1, message).max(max, message).default(fallback);
}

/** One page of a list under `key`, and `nextCursor`, which asks for the page after it (null: the end). */
/* @__NO_SIDE_EFFECTS__ */
export function cursorPage<Key extends string, Item extends z.ZodType>(key: Key, item: Item) {
  return z.object({ [key]: z.array(item), nextCursor: z.string().nullable() } as {
    [K in Key]: z.ZodArray<Item>;
  } & { nextCursor: z.ZodNullable<z.ZodString> });
}
