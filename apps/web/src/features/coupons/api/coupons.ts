import type {
  Coupon,
  CouponCreateRequest,
  CouponEditRequest,
  CouponList,
  CouponRemoveResponse,
} from '@kaksha/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

type CouponAnswer = { message: string; coupon: Coupon };

/** GET /api/coupon/mine: the educator's coupons, newest first, with redemptions and revenue. */
export const myCouponsQuery = queryOptions({
  queryKey: queryKeys.myCoupons,
  queryFn: async () => (await api.get<CouponList>('/api/coupon/mine')).coupons,
});

export const useMyCoupons = () => useQuery(myCouponsQuery);

/** Every change answers the server's message (for the toast); the list is fetched again after it. */
function useCouponChange<Input, Answer>(mutationFn: (input: Input) => Promise<Answer>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.myCoupons }),
  });
}

/** POST /api/coupon/create. */
export const useCreateCoupon = () =>
  useCouponChange((body: CouponCreateRequest) => api.post<CouponAnswer>('/api/coupon/create', body));

/** POST /api/coupon/edit/:couponId: activate or deactivate (also expiry, maximum redemptions). */
export const useEditCoupon = () =>
  useCouponChange(({ id, ...body }: CouponEditRequest & { id: string }) =>
    api.post<CouponAnswer>(`/api/coupon/edit/${encodeURIComponent(id)}`, body),
  );

/** DELETE /api/coupon/remove/:couponId: a used coupon is deactivated instead (`removed: false`). */
export const useRemoveCoupon = () =>
  useCouponChange((id: string) => api.delete<CouponRemoveResponse>(`/api/coupon/remove/${encodeURIComponent(id)}`));
