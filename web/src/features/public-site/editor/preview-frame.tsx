import type { ReactNode } from 'react';
import { Badge, Box, Paper } from '@mantine/core';

/** Shows the public site's own components with the unsaved settings: what visitors will see after Save Changes. */
export function PreviewFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Paper
      withBorder
      radius="md"
      style={{ overflow: 'hidden', position: 'sticky', top: 16 }}
      data-testid="live-preview"
      aria-label={label}
      component="section"
    >
      <Badge radius={0} fullWidth variant="filled" color="navy">
        {label} — not saved yet
      </Badge>
      {/* Focusable: a keyboard can scroll a long preview (axe: scrollable-region-focusable). */}
      <Box style={{ maxHeight: 640, overflow: 'auto' }} tabIndex={0}>
        {children}
      </Box>
    </Paper>
  );
}
