import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SessionProvider } from '../lib/session';
import { ApiError } from '../lib/api-client';
import { theme } from './theme';
import { ToastHost } from './toast-host';
import { ModalsHost } from './modals-host';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Do not retry what cannot succeed (4xx); retry network blips once.
        retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 1,
        refetchOnWindowFocus: false,
      },
    },
  });
}

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  // The device's scheme until the member picks one with the switch (remembered in localStorage).
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto">
      <ToastHost />
      <QueryClientProvider client={queryClient}>
        <ModalsHost />
        <SessionProvider>{children}</SessionProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
