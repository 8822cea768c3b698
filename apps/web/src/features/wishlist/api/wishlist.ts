import type { Wishlist, WishlistChange } from '@kaksha/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** The signed-in user's saved courses, as catalogue cards, the most recently added first. */
export const wishlistQuery = queryOptions({
  queryKey: queryKeys.wishlist,
  queryFn: () => api.get<Wishlist>('/api/wishlist'),
  // It changes only through this app's own hearts, which refresh it.
  staleTime: 60_000,
});

/** Only for a signed-in user: a visitor has no wishlist (the server would answer 401). */
export const useWishlist = (enabled: boolean) => useQuery({ ...wishlistQuery, enabled });

export interface ToggleInput {
  courseId: string;
  /** Whether it should be in the wishlist afterwards. */
  add: boolean;
}

/**
 * Adds or removes a course. The mutation stays pending until the list has been fetched again, so
 * a heart that shows the pending wish (`variables.add`) never flickers back before the list agrees.
 */
export function useToggleWishlist() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ courseId, add }: ToggleInput) =>
      add
        ? api.post<WishlistChange>(`/api/wishlist/${courseId}`)
        : api.delete<WishlistChange>(`/api/wishlist/${courseId}`),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.wishlist }),
  });
}
