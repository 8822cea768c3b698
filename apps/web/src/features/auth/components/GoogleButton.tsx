import { MESSAGES, type Role, type User } from '@kaksha/contracts';
import { useEffect, useRef, useState } from 'react';
import { Spinner } from '../../../components/ui/Spinner';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useGoogleSignup } from '../api/google-signup';
import { usePublicConfig } from '../api/public-config';

interface GoogleId {
  initialize(options: {
    client_id: string;
    callback: (response: { credential?: string }) => void;
    ux_mode?: 'popup' | 'redirect';
    auto_select?: boolean;
    cancel_on_tap_outside?: boolean;
  }): void;
  renderButton(parent: HTMLElement, options: Record<string, unknown>): void;
}
declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleId } };
  }
}

const GIS_SRC = 'https://accounts.google.com/gsi/client';
let gisScript: Promise<void> | undefined;

/** Loads Google Identity Services once, only on the pages that show a Google button. */
async function loadGis(): Promise<GoogleId> {
  if (!window.google?.accounts?.id) {
    gisScript ??= new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = GIS_SRC;
      script.async = true;
      script.defer = true;
      script.onload = () => resolve();
      script.onerror = () => {
        gisScript = undefined;
        script.remove();
        reject(new Error('Google sign-in could not be loaded'));
      };
      document.head.appendChild(script);
    });
    await gisScript;
  }
  const gis = window.google?.accounts?.id;
  if (!gis) throw new Error('Google sign-in could not be loaded');
  return gis;
}

function GoogleIcon() {
  return (
    <svg viewBox="0 0 48 48" width="18" height="18" aria-hidden="true">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3 0 5.8 1.1 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3 0 5.8 1.1 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
      />
    </svg>
  );
}

/**
 * Google sign-in (spec §2): when the server has a Google client id, Google's own button
 * (Identity Services) sends its ID token with the role to /api/auth/googlesignup. Otherwise
 * the button says that Google sign-in is not configured.
 */
export function GoogleButton({
  accountRole,
  text,
  onSignedIn,
}: {
  /** '' on the login page; the chosen role on sign-up. */
  accountRole: Role | '';
  text: 'signin_with' | 'signup_with';
  onSignedIn: (user: User) => void;
}) {
  const config = usePublicConfig();
  const clientId = config.data?.googleClientId ?? null;
  const container = useRef<HTMLDivElement>(null);
  const roleRef = useRef(accountRole);
  roleRef.current = accountRole;
  const onSignedInRef = useRef(onSignedIn);
  onSignedInRef.current = onSignedIn;
  const google = useGoogleSignup();
  const mutateRef = useRef(google.mutate);
  mutateRef.current = google.mutate;
  const [loadError, setLoadError] = useState(false);
  const label = text === 'signup_with' ? 'Sign up with Google' : 'Continue with Google';

  useEffect(() => {
    if (!clientId || !container.current) return;
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
        gis.renderButton(container.current, { theme: 'outline', size: 'large', text, shape: 'rectangular', width });
      })
      .catch(() => !cancelled && setLoadError(true));
    return () => {
      cancelled = true;
    };
  }, [clientId, text]);

  const fallbackClass =
    'flex h-11 w-full items-center justify-center gap-3 rounded-lg border border-slate-300 bg-white text-sm font-semibold text-ink hover:bg-surface';

  if (config.isPending) {
    return (
      <div className={`${fallbackClass} text-muted`}>
        <Spinner className="size-4" label="Loading Google sign-in" />
      </div>
    );
  }
  if (!clientId || loadError) {
    const note = loadError
      ? 'Google sign-in could not be loaded. Please try again later.'
      : MESSAGES.googleNotConfigured;
    return (
      <button type="button" className={fallbackClass} onClick={() => toast.info(note)} title={note}>
        <GoogleIcon />
        {label}
      </button>
    );
  }
  return (
    <div className="relative">
      <div ref={container} className="flex min-h-11 w-full justify-center" />
      {google.isPending && (
        <div className="absolute inset-0 flex items-center justify-center rounded-lg bg-white/80">
          <Spinner className="size-5" label="Signing in with Google" />
        </div>
      )}
    </div>
  );
}
