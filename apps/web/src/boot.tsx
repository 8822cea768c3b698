import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';

/**
 * Starts the app over the prerendered first paint (main.tsx calls this once that paint is on
 * screen). The first render is a transition, so React renders it in slices of a few milliseconds
 * and a tap or a scroll meanwhile is answered at once instead of after one long task.
 */
export function start() {
  const root = createRoot(document.getElementById('root') as HTMLElement);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
