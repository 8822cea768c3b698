import type { User } from '@kaksha/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/**
 * Multipart: name, description, photoUrl (the avatar file, optional) — spec §7; and, for an
 * educator, showContactEmail (issue #27: whether their e-mail shows on their public profile).
 */
export function updateProfile(input: {
  name: string;
  description: string;
  photo?: File | null;
  showContactEmail?: boolean;
}) {
  const form = new FormData();
  form.append('name', input.name);
  form.append('description', input.description);
  if (input.showContactEmail !== undefined) form.append('showContactEmail', String(input.showContactEmail));
  if (input.photo) form.append('photoUrl', input.photo);
  return api.upload<User>('/api/user/updateprofile', form);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.currentUser, user);
      // Reviews, creator cards, course cards and course pages show the name and photo too.
      for (const queryKey of [
        queryKeys.allReviews,
        queryKeys.creator(user._id),
        queryKeys.publishedCourses,
        queryKeys.enrolledCourses,
        queryKeys.courseDetails,
      ]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
