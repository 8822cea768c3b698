/** Google Identity Services, the script behind Google's own sign-in button (spec §7: its calls are not ours). */
export interface GoogleId {
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
export async function loadGis(): Promise<GoogleId> {
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
