import type { Certificate } from '@kaksha/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_URL, ApiError, api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** The signed-in learner's certificates, newest first. */
export const useMyCertificates = (enabled = true) =>
  useQuery({
    queryKey: queryKeys.myCertificates,
    queryFn: () => api.get<Certificate[]>('/api/certificate/mine'),
    enabled,
  });

/** One certificate, public: anyone with the link may see it. */
export const useCertificate = (id: string) =>
  useQuery({
    queryKey: queryKeys.certificate(id),
    queryFn: () => api.get<Certificate>(`/api/certificate/verify/${id}`),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Claims the course's certificate (409 with a sentence saying what is still missing). */
export function useClaimCertificate(courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<Certificate>(`/api/certificate/claim/${courseId}`),
    onSuccess: (certificate) => {
      client.setQueryData<Certificate[]>(queryKeys.myCertificates, (old) =>
        old?.some((c) => c._id === certificate._id) ? old : [certificate, ...(old ?? [])],
      );
    },
  });
}

/** The web app's own links to a certificate (the server's URLs name its public address). */
export const certificatePath = (id: string) => `/certificate/${id}`;
export const certificatePdfUrl = (id: string) => `${API_URL}/api/certificate/${id}/pdf`;
