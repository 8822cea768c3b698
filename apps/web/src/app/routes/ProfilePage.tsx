import { MyCertificates } from '@/features/certificates';
import { NotificationPreferences } from '@/features/notifications';
import { DataSection } from '@/features/privacy';
import { SecuritySection } from '@/features/security';
import { ProfileView } from '@/features/users';

/** /profile: the profile (spec §2) with the learner's certificates and the e-mail notification settings under it. */
export default function ProfilePage() {
  return (
    <ProfileView>
      <MyCertificates />
      <NotificationPreferences />
      <SecuritySection />
      <DataSection />
    </ProfileView>
  );
}
