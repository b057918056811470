import type { ReactNode } from 'react';
import { Drawer, Stack } from '@mantine/core';

/** The phone's menu behind the header's button (loaded on its first opening: site-header.tsx). */
export default function SiteMenuDrawer({ opened, onClose, children }: { opened: boolean; onClose: () => void; children: ReactNode }) {
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="xs" title="Menu" hiddenFrom="md">
      <Stack component="nav" aria-label="Mobile" gap={4}>
        {children}
      </Stack>
    </Drawer>
  );
}
