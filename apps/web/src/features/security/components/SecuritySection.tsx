import { Shield } from 'lucide-react';
import { Card } from '@/components/ui/Card';
import { useT } from '@/i18n';
import { DeviceList } from './DeviceList';
import { TwoFactorSettings } from './TwoFactorSettings';

/** Where the new-sign-in mail and the operator console's 2FA notice lead: the profile page's section. */
export const SECURITY_ANCHOR = 'security';

/** The profile's Security section (issue #32): two-factor sign-in, and the signed-in devices. */
export function SecuritySection() {
  const t = useT();
  return (
    <section id={SECURITY_ANCHOR} aria-labelledby="security-title" className="mt-6 scroll-mt-20">
      <Card className="p-6">
        <h2 id="security-title" className="flex items-center gap-2 text-xl font-bold text-ink">
          <Shield size={20} aria-hidden="true" />
          {t('security.title')}
        </h2>
        <TwoFactorSettings />
        <div className="mt-8 border-t border-line pt-6">
          <h3 className="font-semibold text-ink">{t('security.devices.title')}</h3>
          <p className="mt-1 text-sm text-muted">{t('security.devices.intro')}</p>
          <DeviceList />
        </div>
      </Card>
    </section>
  );
}
