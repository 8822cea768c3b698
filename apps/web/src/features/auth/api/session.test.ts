import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '@/lib/query-keys';
import { signedOut } from './session';

describe('signedOut', () => {
  it('forgets every cached server answer except the public config', () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.currentUser, { _id: 'u1' });
    client.setQueryData(queryKeys.config, { currency: 'INR' });
    client.setQueryData(queryKeys.enrolledCourses, [{ _id: 'c1' }]);
    client.setQueryData(queryKeys.course('c1'), { _id: 'c1' });
    client.setQueryData(queryKeys.progressAll, []);
    client.setQueryData(['search', 'anything'], []);
    signedOut(client);
    expect(client.getQueryData(queryKeys.currentUser)).toBeNull();
    expect(client.getQueryData(queryKeys.config)).toEqual({ currency: 'INR' });
    expect(
      client
        .getQueryCache()
        .getAll()
        .map((q) => q.queryKey[0]),
    ).toEqual(expect.arrayContaining(['currentUser', 'config']));
    expect(client.getQueryCache().getAll()).toHaveLength(2);
  });
});
