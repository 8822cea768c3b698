import { MyCertificates } from '@/features/certificates';
import { ProfileView } from '@/features/users';

/** /profile: the profile (spec §2) with the learner's certificates under it. */
export default function ProfilePage() {
  return (
    <ProfileView>
      <MyCertificates />
    </ProfileView>
  );
}
