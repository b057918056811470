import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SessionProvider } from '../lib/session';
import { theme } from '../app/theme';
import { ToastHost } from '../app/toast-host';
import { ModalsHost } from '../app/modals-host';
import { I18nProvider } from '@lingui/react';
import { i18n } from '../lib/i18n/i18n';

/** Renders a page inside the app's providers at a path (opened at `entry`, e.g. with a query), with a memory router. */
export function renderAt(
  element: ReactElement,
  { path = '/', entry, extraRoutes = [] }: { path?: string; entry?: string; extraRoutes?: { path: string; element: ReactElement }[] } = {},
) {
  const router = createMemoryRouter([{ path, element }, ...extraRoutes], { initialEntries: [entry ?? path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return {
    router,
    ...render(
      <MantineProvider theme={theme}>
        <I18nProvider i18n={i18n}>
          <ToastHost />
          <QueryClientProvider client={queryClient}>
            <ModalsHost />
            <SessionProvider>
              <RouterProvider router={router} />
            </SessionProvider>
          </QueryClientProvider>
        </I18nProvider>
      </MantineProvider>,
    ),
  };
}
