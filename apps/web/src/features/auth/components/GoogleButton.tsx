import type { Role, TwoFactorChallenge, User } from '@kaksha/contracts';
import { useEffect, useRef, useState } from 'react';
import { Spinner } from '@/components/ui/Spinner';
import { currentLocale, useT } from '@/i18n';
import { errorMessage } from '@/lib/api';
import { usePublicConfig } from '@/lib/public-config';
import { toast } from '@/lib/toast';
import { useGoogleSignup } from '../api/google-signup';
import { OrDivider } from './AuthCard';
import { GoogleIcon } from './GoogleIcon';
import { loadGis } from './gis';

interface GoogleProps {
  /** '' on the login page; the chosen role on sign-up. */
  accountRole: Role | '';
  text: 'signin_with' | 'signup_with';
  /** The user, or the code step's challenge for an account with two-factor sign-in. */
  onSignedIn: (answer: User | TwoFactorChallenge) => void;
}

/**
 * Google sign-in under a login or sign-up form (spec §2): 'or', then Google's button. Nothing at
 * all while the server's settings load or when it has no Google client id (GOOGLE_CLIENT_ID
 * unset, `GET /api/config`): a button that can only say "not configured" helps nobody.
 */
export function GoogleSignIn(props: GoogleProps) {
  const config = usePublicConfig();
  const clientId = config.data?.googleClientId;
  if (!clientId) return null;
  return (
    <>
      <OrDivider />
      <GoogleButton clientId={clientId} {...props} />
    </>
  );
}

/**
 * Google's own button (Identity Services): its ID token goes with the role to
 * /api/auth/googlesignup. If Google's script cannot load, a plain button says so.
 */
export function GoogleButton({ clientId, accountRole, text, onSignedIn }: GoogleProps & { clientId: string }) {
  const t = useT();
  const container = useRef<HTMLDivElement>(null);
  const roleRef = useRef(accountRole);
  roleRef.current = accountRole;
  const onSignedInRef = useRef(onSignedIn);
  onSignedInRef.current = onSignedIn;
  const google = useGoogleSignup();
  const mutateRef = useRef(google.mutate);
  mutateRef.current = google.mutate;
  const [loadError, setLoadError] = useState(false);

  useEffect(() => {
    if (!container.current) return;
    let cancelled = false;
    loadGis()
      .then((gis) => {
        if (cancelled || !container.current) return;
        gis.initialize({
          client_id: clientId,
          ux_mode: 'popup',
          cancel_on_tap_outside: true,
          callback: ({ credential }) => {
            if (!credential) return;
            mutateRef.current(
              { credential, role: roleRef.current },
              {
                onSuccess: (user) => onSignedInRef.current(user),
                onError: (error) => toast.error(errorMessage(error)),
              },
            );
          },
        });
        const width = Math.min(400, Math.max(200, Math.floor(container.current.getBoundingClientRect().width)));
        // Google draws its button in the interface's language.
        gis.renderButton(container.current, {
          theme: 'outline',
          size: 'large',
          text,
          shape: 'rectangular',
          width,
          locale: currentLocale(),
        });
      })
      .catch(() => !cancelled && setLoadError(true));
    return () => {
      cancelled = true;
    };
  }, [clientId, text]);

  if (loadError) {
    const note = t('auth.google.loadFailed');
    return (
      <button
        type="button"
        className="flex h-11 w-full items-center justify-center gap-3 rounded-lg border border-slate-300 bg-white text-sm font-semibold text-ink hover:bg-surface"
        onClick={() => toast.info(note)}
        title={note}
      >
        <GoogleIcon />
        {text === 'signup_with' ? t('auth.google.signUp') : t('auth.google.continue')}
      </button>
    );
  }
  return (
    <div className="relative">
      <div ref={container} className="flex min-h-11 w-full justify-center" />
      {google.isPending && (
        <div className="absolute inset-0 flex items-center justify-center rounded-lg bg-white/80">
          <Spinner className="size-5" label={t('auth.google.signingIn')} />
        </div>
      )}
    </div>
  );
}
