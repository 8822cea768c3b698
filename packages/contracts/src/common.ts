import { z } from 'zod';
import { schema } from './define.ts';

export const messageSchema = schema(() => z.object({ message: z.string() }));
export type MessageResponse = z.infer<typeof messageSchema>;

/** Every error body. `fields` names what failed validation. */
export const errorSchema = schema(() =>
  z.object({
    message: z.string(),
    id: z.string().optional(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
);
export type ErrorBody = z.infer<typeof errorSchema>;
