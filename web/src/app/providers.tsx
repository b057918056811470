import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nProvider } from '@lingui/react';
import type { I18n } from '@lingui/core';
import { i18n as browserI18n } from '../lib/i18n/i18n';
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

/** `i18n`: the browser's instance, or a server render's own (web/src/entry-server.tsx). */
export function AppProviders({
  children,
  queryClient,
  i18n = browserI18n,
}: {
  children: ReactNode;
  queryClient: QueryClient;
  i18n?: I18n;
}) {
  // The device's scheme until the member picks one with the switch (remembered in localStorage).
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto">
      <I18nProvider i18n={i18n}>
        <ToastHost />
        <QueryClientProvider client={queryClient}>
          <ModalsHost />
          <SessionProvider>{children}</SessionProvider>
        </QueryClientProvider>
      </I18nProvider>
    </MantineProvider>
  );
}
