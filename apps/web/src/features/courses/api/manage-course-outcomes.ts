import type { CourseOutcome } from '@kaksha/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** Per own course: the quiz pass rate (null before any attempt) and the certificates issued. */
export const useCourseOutcomes = () =>
  useQuery({
    queryKey: queryKeys.courseOutcomes,
    queryFn: () => api.get<CourseOutcome[]>('/api/certificate/dashboard'),
  });
