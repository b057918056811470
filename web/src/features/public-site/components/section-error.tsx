import { Alert, Button } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** An honest failure with a way to try again (never invented numbers). */
export function SectionError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={message} role="alert">
      <Button size="xs" variant="light" color="red" mt="xs" onClick={onRetry}>
        Retry
      </Button>
    </Alert>
  );
}
