import { z } from 'zod';
import { courseCardSchema } from './catalog.ts';
import { schema } from './define.ts';

/**
 * `GET /api/wishlist`: the signed-in learner's saved courses as catalogue cards, the most
 * recently added first. Only published courses are listed: one unpublished after it was saved
 * is left out (and comes back if it is published again).
 */
export const wishlistSchema = schema(() => z.object({ courses: z.array(courseCardSchema) }));
export type Wishlist = z.infer<typeof wishlistSchema>;

/** `POST` and `DELETE /api/wishlist/:courseId`: whether the course is now in the wishlist. */
export const wishlistChangeSchema = schema(() =>
  z.object({ courseId: z.string(), wishlisted: z.boolean(), message: z.string() }),
);
export type WishlistChange = z.infer<typeof wishlistChangeSchema>;
