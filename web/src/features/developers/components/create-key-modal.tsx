import { useState } from 'react';
import { Alert, Button, Code, Group, Modal, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { PLAN_TERMS, PRICING_TIERS, TIERS, type PricingTier } from '@church/contract/developers';
import { DEV_TEXTS } from '@church/contract/developer-texts';
import { devNotify } from '../../../lib/notify';
import { useCreateApiKey } from '../api/developer-api';
import { CopyTextButton } from './copy-text-button';

/** Create dialog, then the key shown once with the spec's warning. */
export function CreateKeyModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [tier, setTier] = useState<PricingTier>('free');
  const [created, setCreated] = useState<string | null>(null);

  function close() {
    setName('');
    setDescription('');
    setTier('free');
    setCreated(null);
    create.reset();
    onClose();
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!name.trim()) return devNotify.error('Name is required');
    try {
      const key = await create.mutateAsync({ name: name.trim(), description: description.trim(), pricingTier: tier });
      setCreated(key.key);
      devNotify.success(DEV_TEXTS.keyCreated);
    } catch (err) {
      devNotify.error(DEV_TEXTS.createFailed(err instanceof Error ? err.message : 'unknown error'));
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={created ? 'Your new API key' : 'Create API key'}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {created ? (
        <Stack>
          <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title="Copy it now">
            This is the only time the full key is shown. It will not be shown again: store it somewhere safe.
          </Alert>
          <Group wrap="nowrap" gap="xs">
            <Code block style={{ flex: 1, wordBreak: 'break-all' }} data-testid="new-api-key">
              {created}
            </Code>
            <CopyTextButton value={created} label="Copy API key" onCopied={() => devNotify.success(DEV_TEXTS.keyCopied)} />
          </Group>
          <Text size="sm" c="gray.7">
            Send it in the X-API-Key header (or as a bearer token).
          </Text>
          <Button onClick={close}>Done</Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput label="Name" required value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={100} data-autofocus />
            <Textarea
              label="Description"
              value={description}
              onChange={(e) => setDescription(e.currentTarget.value)}
              maxLength={500}
              autosize
              minRows={2}
            />
            <Select
              label="Pricing tier"
              value={tier}
              onChange={(v) => v && setTier(v as PricingTier)}
              allowDeselect={false}
              data={PRICING_TIERS.map((t) => ({
                value: t,
                label: `${TIERS[t].name} — ${TIERS[t].requestsPerHour.toLocaleString('en-US')}/hour, ${TIERS[t].permissions.join(', ')}`,
              }))}
            />
            <Text size="xs" c="gray.7">
              Permissions come from the tier. {tier === 'free' ? PLAN_TERMS.freeExpiry : PLAN_TERMS.trial}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending}>
                Create Key
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
