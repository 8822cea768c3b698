import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { ToastContainer } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS } from '../lib/ui-constants';
import { queryClient } from './query-client';
import { router } from './router';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      {/* Below the 4rem top navigation, so a toast never covers its Login/LogOut and menu buttons. */}
      <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} newestOnTop style={{ top: '4.5rem' }} />
    </QueryClientProvider>
  );
}
