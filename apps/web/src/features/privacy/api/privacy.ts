import type { DataExport, DeleteAccountRequest, DeleteAccountResult, PrivacyStatus } from '@kaksha/contracts';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_URL, ApiError, api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

const privacyKey = ['privacy'] as const;

/** GET /api/user/privacy: how erasure is confirmed (password or e-mail, 2FA code) and recent exports. */
export const privacyStatusQuery = queryOptions({
  queryKey: privacyKey,
  queryFn: ({ signal }) => api.get<PrivacyStatus>('/api/user/privacy', signal),
});
export const usePrivacyStatus = () => useQuery(privacyStatusQuery);

/** What asking for the export gave: the file was saved, or a job makes it and e-mails a link. */
export type ExportOutcome = { kind: 'downloaded' } | { kind: 'queued'; export: DataExport };

/**
 * GET /api/user/export: a ZIP (saved through a link to its blob, so the page stays) or, for a large
 * account, 202 with the queued export. Errors as the API client words them.
 */
export async function downloadExport(): Promise<ExportOutcome> {
  let res: Response;
  try {
    res = await fetch(`${API_URL}/api/user/export`, { credentials: 'include' });
  } catch {
    throw new ApiError(0, 'Cannot reach the server. Check your connection and try again.', undefined, {
      key: 'api.cannotReach',
    });
  }
  if (res.status === 202) return { kind: 'queued', export: (await res.json()) as DataExport };
  if (!res.ok) {
    const body = await res.json().catch(() => undefined);
    throw new ApiError(res.status, body?.message ?? `Request failed (${res.status})`, body, {
      key: 'api.requestFailed',
      values: { status: res.status },
    });
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'kaksha-data.zip';
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after the click returns: let it go a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return { kind: 'downloaded' };
}

export function useDownloadExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: downloadExport,
    onSuccess: (outcome) => {
      if (outcome.kind === 'queued') void client.invalidateQueries({ queryKey: privacyKey });
    },
  });
}

/** POST /api/user/delete (the caller goes home and then calls `forgetAccount`). */
export const useDeleteAccount = () =>
  useMutation({
    mutationFn: (body: DeleteAccountRequest) => api.post<DeleteAccountResult>('/api/user/delete', body),
  });

/**
 * After the erasure, as after signing out: forget the user and everything fetched for them (the
 * session is gone), keeping only the public config.
 */
export function forgetAccount(client: QueryClient) {
  const keep = new Set<string>([queryKeys.config[0], queryKeys.currentUser[0]]);
  client.removeQueries({ predicate: (query) => !keep.has(String(query.queryKey[0])) });
  client.setQueryData(queryKeys.currentUser, null);
}
