import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { createQueryClient } from './query-client';

describe('global 401 handling', () => {
  it('a 401 from any query forgets the signed-in user; other errors do not', async () => {
    const client = createQueryClient();
    client.setQueryData(queryKeys.currentUser, { _id: 'u1' });
    await client
      .fetchQuery({ queryKey: ['x'], queryFn: () => Promise.reject(new ApiError(500, 'boom')), retry: false })
      .catch(() => {});
    expect(client.getQueryData(queryKeys.currentUser)).toEqual({ _id: 'u1' });
    await client
      .fetchQuery({ queryKey: ['y'], queryFn: () => Promise.reject(new ApiError(401, 'Please log in')), retry: false })
      .catch(() => {});
    expect(client.getQueryData(queryKeys.currentUser)).toBeNull();
  });

  it('a 401 from a mutation does the same', async () => {
    const client = createQueryClient();
    client.setQueryData(queryKeys.currentUser, { _id: 'u1' });
    await client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.reject(new ApiError(401, 'Please log in')) })
      .execute(undefined)
      .catch(() => {});
    expect(client.getQueryData(queryKeys.currentUser)).toBeNull();
  });
});
