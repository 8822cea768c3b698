import { z } from 'zod';
import { schema } from './define.ts';

export const messageSchema = schema(() => z.object({ message: z.string() }));
export type MessageResponse = z.infer<typeof messageSchema>;

/**
 * Every error body. `id` is stable (ERROR_IDS in messages.ts), `fields` names what failed
 * validation, `params` holds the values the message was worded with, for its translation.
 */
export const errorSchema = schema(() =>
  z.object({
    message: z.string(),
    id: z.string().optional(),
    fields: z.record(z.string(), z.string()).optional(),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  }),
);
export type ErrorBody = z.infer<typeof errorSchema>;
