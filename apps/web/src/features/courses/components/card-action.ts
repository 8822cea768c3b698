import { createContext, type ReactNode } from 'react';

/**
 * What another feature puts on every course card that links to its course (the wishlist's
 * heart), handed down by app/ so that the pages drawing cards need not know of it. Null: nothing.
 */
export const CourseCardAction = /* @__PURE__ */ createContext<((courseId: string) => ReactNode) | null>(null);
