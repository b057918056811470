import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { AppProviders, createQueryClient } from './app/providers';
import { router } from './app/router';

const queryClient = createQueryClient();
// Most first visits land on the home page: start its code, data and images while React boots.
if (window.location.pathname === '/') void import('./features/public-site/prefetch').then((m) => m.prefetchHome(queryClient));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
