import { Alert, Badge, Button, Card, Group, Modal, Skeleton, Stack, Tabs, Text, TextInput, Textarea, Title } from '@mantine/core';
import { PagePicker } from '../../../components/page-picker';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { INBOX_TEXTS, contactReplyRequest, type ContactMessage } from '@church/contract/contact';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { inboxQuery, useReplyMessage, useUpdateMessage } from '../api';
import { formatPhone } from '@church/contract/rules/phone';

const when = (iso: string) => new Date(iso).toLocaleString('en-ZA', { dateStyle: 'medium', timeStyle: 'short' });

function ReplyModal({ message, onClose }: { message: ContactMessage | null; onClose: () => void }) {
  const reply = useReplyMessage();
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    setSubject(message ? 'Re: your message to the church' : '');
    setBody('');
    setErrors({});
  }, [message]);
  const send = async () => {
    if (!message) return;
    const parsed = contactReplyRequest.safeParse({ subject, message: body });
    if (!parsed.success) {
      const e: Record<string, string> = {};
      for (const i of parsed.error.issues) e[String(i.path[0])] ??= i.message;
      setErrors(e);
      return;
    }
    try {
      await reply.mutateAsync({ id: message.id, ...parsed.data });
      notify.success(INBOX_TEXTS.replied);
      onClose();
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 403)) notify.error(INBOX_TEXTS.replyFailed);
    }
  };
  return (
    <Modal opened={!!message} onClose={onClose} title={`Reply to ${message?.name ?? ''}`} centered size="lg">
      <Stack>
        <Text size="sm" c="dimmed">
          To: {message?.email}
        </Text>
        <TextInput
          label="Subject"
          required
          value={subject}
          error={errors.subject}
          onChange={(e) => {
            setSubject(e.currentTarget.value);
            setErrors((x) => ({ ...x, subject: '' }));
          }}
        />
        <Textarea
          label="Message"
          required
          autosize
          minRows={5}
          value={body}
          error={errors.message}
          onChange={(e) => {
            setBody(e.currentTarget.value);
            setErrors((x) => ({ ...x, message: '' }));
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={reply.isPending} onClick={send}>
            Send reply
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function MessageList({ box }: { box: 'inbox' | 'archived' }) {
  const [page, setPage] = useState(1);
  const q = useQuery(inboxQuery(box, page));
  const update = useUpdateMessage();
  const [replying, setReplying] = useState<ContactMessage | null>(null);
  useEffect(() => {
    if (q.isError) notify.error(INBOX_TEXTS.loadFailed);
  }, [q.isError]);
  const act = async (m: ContactMessage, body: { read?: boolean; archived?: boolean }, done?: string) => {
    try {
      await update.mutateAsync({ id: m.id, body });
      if (done) notify.success(done);
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 403)) notify.error(INBOX_TEXTS.updateFailed);
    }
  };
  if (q.isPending) return <Skeleton height={240} />;
  if (q.isError)
    return (
      <Alert color="red" title={INBOX_TEXTS.loadFailed}>
        <Button size="xs" variant="light" color="red" onClick={() => q.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  const pages = Math.max(1, Math.ceil(q.data.total / q.data.limit));
  return (
    <Stack>
      {q.data.contactMessages.length === 0 ? (
        <Text c="dimmed">{box === 'inbox' ? 'No messages in the inbox.' : 'No archived messages.'}</Text>
      ) : (
        q.data.contactMessages.map((m) => (
          <Card key={m.id} withBorder radius="md" padding="md" data-testid="inbox-message">
            <Group justify="space-between" align="flex-start" wrap="wrap">
              <Stack gap={2}>
                <Group gap="xs">
                  <Text fw={m.readAt ? 500 : 700}>{m.name}</Text>
                  {!m.readAt && (
                    <Badge color="blue" variant="light">
                      Unread
                    </Badge>
                  )}
                  {m.repliedAt && (
                    <Badge color="green" variant="light">
                      Replied
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  {m.email}
                  {m.phone ? ` · ${formatPhone(m.phone)}` : ''} · prefers{' '}
                  {m.preferredContact === 'whatsapp' ? 'WhatsApp' : m.preferredContact}
                </Text>
              </Stack>
              <Text size="xs" c="dimmed">
                {when(m.createdAt)}
              </Text>
            </Group>
            <Text size="sm" mt="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {m.message}
            </Text>
            <Group mt="sm" gap="xs">
              <Button size="xs" onClick={() => setReplying(m)}>
                Reply by e-mail
              </Button>
              <Button size="xs" variant="default" onClick={() => act(m, { read: !m.readAt })}>
                {m.readAt ? 'Mark unread' : 'Mark read'}
              </Button>
              {box === 'inbox' ? (
                <Button size="xs" variant="default" onClick={() => act(m, { archived: true, read: true }, INBOX_TEXTS.archived)}>
                  Archive
                </Button>
              ) : (
                <Button size="xs" variant="default" onClick={() => act(m, { archived: false }, INBOX_TEXTS.restored)}>
                  Move to inbox
                </Button>
              )}
            </Group>
          </Card>
        ))
      )}
      {pages > 1 && (
        <Group justify="center">
          <PagePicker total={pages} value={page} onChange={setPage} />
        </Group>
      )}
      <ReplyModal message={replying} onClose={() => setReplying(null)} />
    </Stack>
  );
}

/** Inbox (issue 10): messages sent through the website's contact form — read, reply by e-mail, archive. */
export function InboxPage() {
  const unread = useQuery(inboxQuery('inbox', 1));
  return (
    <Stack gap="lg">
      <Title order={1}>Inbox</Title>
      <Tabs defaultValue="inbox" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="inbox">Inbox{unread.data?.unread ? ` (${unread.data.unread} unread)` : ''}</Tabs.Tab>
          <Tabs.Tab value="archived">Archived</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="inbox" pt="md">
          <MessageList box="inbox" />
        </Tabs.Panel>
        <Tabs.Panel value="archived" pt="md">
          <MessageList box="archived" />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
