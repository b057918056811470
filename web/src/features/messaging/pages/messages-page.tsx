import { useEffect, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Container,
  Drawer,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { PagePicker } from '../../../components/page-picker';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RECIPIENT_TYPE_LABELS, type BulkMessage } from '@church/contract/messaging';
import { notify } from '../../../lib/notify';
import { cancelMessage, deleteTemplate, messagesQuery, messagingKeys, recipientsQuery, statsQuery, templatesQuery } from '../api/messaging';
import { BulkMessageDialog } from '../components/bulk-message-dialog';

const STATUS_COLOR: Record<BulkMessage['status'], string> = {
  scheduled: 'blue',
  sending: 'yellow',
  sent: 'green',
  cancelled: 'gray',
  failed: 'red',
};
const EMAIL_COLOR: Record<string, string> = { pending: 'gray', queued: 'blue', sent: 'green', failed: 'red', skipped: 'gray' };
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-ZA', { dateStyle: 'medium', timeStyle: 'short' }) : '—');

/** /messages: every bulk message, sent and scheduled, with delivery per recipient; templates. */
export function MessagesPage() {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [composing, setComposing] = useState(false);
  // The message shown stays set while the drawer closes, so its title (the dialog's name) lasts through the transition.
  const [open, setOpen] = useState<BulkMessage | null>(null);
  const [drawerOpened, setDrawerOpened] = useState(false);
  const list = useQuery(messagesQuery(page));
  const stats = useQuery(statsQuery);
  const templates = useQuery(templatesQuery);
  // The figures follow the list, which looks again while something is scheduled or sending.
  const listUpdated = list.dataUpdatedAt;
  const refetchStats = stats.refetch;
  useEffect(() => {
    if (listUpdated) void refetchStats();
  }, [listUpdated, refetchStats]);
  const cancel = useMutation({
    mutationFn: (m: BulkMessage) => cancelMessage(m.id),
    onSuccess: (res) => {
      notify.success(res.message);
      void queryClient.invalidateQueries({ queryKey: messagingKeys.all });
    },
    onError: (e: Error) => notify.error(e.message),
  });
  const removeTemplate = useMutation({
    mutationFn: (id: string) => deleteTemplate(id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [...messagingKeys.all, 'templates'] }),
    onError: (e: Error) => notify.error(e.message),
  });

  const s = stats.data?.data;
  const data = list.data?.data;
  return (
    <Container size="xl" py="md">
      <Stack>
        <Group justify="space-between">
          <Title order={1} size="h2">
            Messages
          </Title>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setComposing(true)}>
            New Message
          </Button>
        </Group>

        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {[
            ['Messages sent', s?.messages.sent],
            ['Scheduled', s?.messages.scheduled],
            ['E-mails delivered', s?.delivery.emailSent],
            ['E-mails failed', s?.delivery.emailFailed],
          ].map(([label, value]) => (
            <Card key={label as string} withBorder radius="md" padding="sm">
              <Text size="xs" c="dimmed">
                {label}
              </Text>
              <Text fw={700} size="xl">
                {value ?? '—'}
              </Text>
            </Card>
          ))}
        </SimpleGrid>

        <Card withBorder radius="md" padding="sm">
          {list.isLoading ? (
            <Loader aria-label="Loading messages" />
          ) : list.isError ? (
            <Alert color="red" title="Failed to load messages">
              <Button size="xs" variant="default" onClick={() => void list.refetch()}>
                Retry
              </Button>
            </Alert>
          ) : !data?.messages.length ? (
            <Text c="dimmed">No messages yet. Use New Message to write to the congregation.</Text>
          ) : (
            <Table.ScrollContainer minWidth={760}>
              <Table verticalSpacing="xs" striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Subject</Table.Th>
                    <Table.Th>Recipients</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>When</Table.Th>
                    <Table.Th>In-app</Table.Th>
                    <Table.Th>E-mail sent / failed / skipped</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.messages.map((m) => (
                    <Table.Tr key={m.id}>
                      <Table.Td>
                        <Text fw={500} size="sm">
                          {m.subject}
                        </Text>
                        <Text size="xs" c="dimmed">
                          by {m.createdByName}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{RECIPIENT_TYPE_LABELS[m.recipientType].split(' (')[0]}</Text>
                        <Text size="xs" c="dimmed">
                          {m.status === 'scheduled'
                            ? 'counted at send time'
                            : `${m.stats.recipients} ${m.stats.recipients === 1 ? 'person' : 'people'}`}
                        </Text>
                      </Table.Td>
                      <Table.Td style={{ minWidth: 104 }}>
                        <Badge color={STATUS_COLOR[m.status]} variant="light">
                          {m.status}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{when(m.completedAt ?? m.scheduledFor ?? m.createdAt)}</Text>
                      </Table.Td>
                      <Table.Td>{m.stats.inApp}</Table.Td>
                      <Table.Td>
                        {m.stats.emailSent} / {m.stats.emailFailed} / {m.stats.emailSkipped}
                        {m.stats.emailQueued > 0 && (
                          <Text size="xs" c="dimmed">
                            {m.stats.emailQueued} queued
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          {m.status !== 'scheduled' && m.status !== 'cancelled' && (
                            <Button
                              size="xs"
                              variant="default"
                              onClick={() => {
                                setOpen(m);
                                setDrawerOpened(true);
                              }}
                              aria-label={`Delivery of ${m.subject}`}
                            >
                              Delivery
                            </Button>
                          )}
                          {m.status === 'scheduled' && (
                            <Button
                              size="xs"
                              color="red"
                              variant="light"
                              loading={cancel.isPending}
                              onClick={() => cancel.mutate(m)}
                              aria-label={`Cancel ${m.subject}`}
                            >
                              Cancel
                            </Button>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {data && data.total > data.limit && (
            <PagePicker mt="sm" value={page} onChange={setPage} total={Math.ceil(data.total / data.limit)} />
          )}
        </Card>

        <Card withBorder radius="md" padding="sm">
          <Title order={2} size="h4" mb="xs">
            Templates
          </Title>
          {!templates.data?.data.templates.length ? (
            <Text c="dimmed" size="sm">
              No templates yet. Save one from the message dialog.
            </Text>
          ) : (
            <Stack gap="xs">
              {templates.data.data.templates.map((t) => (
                <Group key={t.id} justify="space-between" wrap="nowrap">
                  <div>
                    <Text fw={500} size="sm">
                      {t.name}
                    </Text>
                    <Text size="xs" c="dimmed" lineClamp={1}>
                      {t.subject}
                    </Text>
                  </div>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() => removeTemplate.mutate(t.id)}
                    aria-label={`Delete template ${t.name}`}
                  >
                    Delete
                  </Button>
                </Group>
              ))}
            </Stack>
          )}
        </Card>
      </Stack>
      <BulkMessageDialog opened={composing} onClose={() => setComposing(false)} />
      <Drawer
        opened={drawerOpened}
        onClose={() => setDrawerOpened(false)}
        position="right"
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close' }}
        title={open ? `Delivery: ${open.subject}` : ''}
      >
        {open && <Recipients id={open.id} />}
      </Drawer>
    </Container>
  );
}

function Recipients({ id }: { id: string }) {
  const [page, setPage] = useState(1);
  const q = useQuery(recipientsQuery(id, page));
  if (q.isLoading) return <Loader aria-label="Loading recipients" />;
  if (q.isError) return <Alert color="red">Failed to load recipients</Alert>;
  const d = q.data!.data;
  return (
    <Stack>
      <Table verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>In-app</Table.Th>
            <Table.Th>E-mail</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {d.recipients.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>
                <Text size="sm">{r.name}</Text>
                <Text size="xs" c="dimmed">
                  {r.email}
                </Text>
              </Table.Td>
              <Table.Td>{r.inApp ? 'Delivered' : 'Pending'}</Table.Td>
              <Table.Td>
                <Badge color={EMAIL_COLOR[r.emailState]} variant="light">
                  {r.emailState}
                </Badge>
                {r.emailDetail && (
                  <Text size="xs" c="dimmed">
                    {r.emailDetail}
                  </Text>
                )}
                {r.unsubscribedAt && (
                  <Text size="xs" c="dimmed">
                    Unsubscribed {when(r.unsubscribedAt)}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {d.total > d.limit && <PagePicker value={page} onChange={setPage} total={Math.ceil(d.total / d.limit)} />}
    </Stack>
  );
}
