import { Alert, Anchor, Badge, Button, Card, Group, List, Modal, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { PRIVACY_TEXTS, type DataRequest } from '@church/contract/privacy';
import { paths } from '../../../config/paths';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { dataRequestsQuery, downloadDataExport, useDeleteAccount, useRequestDataExport } from '../api/privacy';

const dateFmt = new Intl.DateTimeFormat('en-ZA', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const STATUS: Record<DataRequest['status'], { label: string; color: string }> = {
  queued: { label: 'Being prepared', color: 'blue' },
  ready: { label: 'Ready', color: 'green' },
  completed: { label: 'Done', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
  expired: { label: 'Expired', color: 'gray' },
};

/**
 * Your data (POPIA): download everything the church holds about you, and
 * delete your account — with what goes and what stays said plainly first.
 */
export function MyDataCard() {
  const requests = useQuery(dataRequestsQuery());
  const ask = useRequestDataExport();
  const [deleting, setDeleting] = useState(false);
  const exports = (requests.data ?? []).filter((r) => r.kind === 'export').slice(0, 3);

  const save = (id: string) => downloadDataExport(id).catch((err: Error) => notify.error(err.message));

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="my-data-title">
      <Title order={4} id="my-data-title" mb={4}>
        Your data
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        South Africa&apos;s Protection of Personal Information Act gives you the right to a copy of your information and to have it deleted.{' '}
        <Anchor component={Link} to={paths.privacy} underline="always">
          Read our privacy notice
        </Anchor>
        .
      </Text>
      <Stack gap="sm">
        <Group>
          <Button
            leftSection={<IconDownload size={16} />}
            variant="light"
            loading={ask.isPending}
            onClick={() =>
              ask.mutate(undefined, {
                onSuccess: (res) => notify.success(res.message),
                onError: (err) => notify.error(err.message),
              })
            }
          >
            Download my data
          </Button>
          <Button leftSection={<IconTrash size={16} />} variant="outline" color="red" onClick={() => setDeleting(true)}>
            Delete my account
          </Button>
        </Group>
        {exports.length > 0 && (
          <Stack gap={6} aria-label="Your data downloads">
            {exports.map((r) => (
              <Group key={r.id} justify="space-between" gap="xs">
                <Text size="sm">
                  Asked {dateFmt.format(new Date(r.requestedAt))}{' '}
                  <Badge size="sm" variant="light" color={STATUS[r.status].color}>
                    {STATUS[r.status].label}
                  </Badge>
                </Text>
                {r.status === 'ready' && (
                  <Button
                    size="xs"
                    variant="subtle"
                    onClick={() => save(r.id)}
                    aria-label={`Download ZIP of ${dateFmt.format(new Date(r.requestedAt))}`}
                  >
                    Download ZIP
                  </Button>
                )}
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
      <DeleteAccountModal opened={deleting} onClose={() => setDeleting(false)} />
    </Card>
  );
}

function DeleteAccountModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const del = useDeleteAccount();
  const session = useSession();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    setError(null);
    del.mutate(
      { password, confirmation },
      {
        onSuccess: (res) => {
          notify.success(res.message);
          // The account is gone: sign out (which lands on the sign-in page).
          session.logout();
        },
        onError: (err) => setError(err.message),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Delete your account?" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="sm">
        <List size="sm" spacing={6}>
          {PRIVACY_TEXTS.deleteExplained.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
        <Text size="sm" fw={600}>
          This cannot be undone.
        </Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <PasswordInput
          label="Your password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          autoComplete="current-password"
        />
        <TextInput
          label={`Type ${PRIVACY_TEXTS.deleteConfirmWord} to confirm`}
          value={confirmation}
          onChange={(e) => setConfirmation(e.currentTarget.value)}
          autoComplete="off"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={del.isPending}
            disabled={!password || confirmation.trim() !== PRIVACY_TEXTS.deleteConfirmWord}
            onClick={submit}
          >
            Delete my account
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
