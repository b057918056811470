import { Alert, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { devNotify } from '../../../lib/notify';
import { CopyTextButton } from './copy-text-button';

/** A signing secret is shown once — after creating a webhook or rotating its secret. */
export function WebhookSecretModal({ secret, rotated, onClose }: { secret: string | null; rotated?: boolean; onClose: () => void }) {
  return (
    <Modal opened={!!secret} onClose={onClose} title="Your signing secret" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title="Copy it now">
          This is the only time the signing secret is shown. It will not be shown again: store it where your receiver can read it.
        </Alert>
        <Group wrap="nowrap" gap="xs">
          <Code block style={{ flex: 1, wordBreak: 'break-all' }} data-testid="webhook-secret">
            {secret}
          </Code>
          {secret && (
            <CopyTextButton
              value={secret}
              label="Copy signing secret"
              onCopied={() => devNotify.success('Signing secret copied to clipboard')}
            />
          )}
        </Group>
        <Text size="sm" c="gray.7">
          {rotated
            ? 'For the next 24 hours each message is signed with both the old and the new secret, so your receiver can switch without missing one.'
            : 'Verify each delivery with it: webhook-signature is v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body"> (Standard Webhooks).'}
        </Text>
        <Button onClick={onClose}>Done</Button>
      </Stack>
    </Modal>
  );
}
