import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ANNOUNCEMENT_PRIORITIES,
  ANNOUNCEMENT_TEXTS,
  announcementInput,
  announcementResponse,
  type Announcement,
  type AnnouncementPriority,
} from '@church/contract/announcements';
import { api } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { announcementsQuery } from '../api/publish-queries';

/** Spec 001 §9 priority colours. */
export const PRIORITY_COLOR: Record<AnnouncementPriority, string> = { low: 'blue', medium: 'orange', high: 'red' };
/** A <input type="datetime-local"> value in the browser's time. */
const local = (iso: string) => {
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const DAY = 86_400_000;

type Draft = { title: string; content: string; priority: AnnouncementPriority; startDate: string; endDate: string; published: boolean };
const blank = (): Draft => ({
  title: '',
  content: '',
  priority: 'medium',
  startDate: local(new Date().toISOString()),
  endDate: local(new Date(Date.now() + 7 * DAY).toISOString()),
  published: true,
});

/** /announcements: real create, edit, delete with confirmation, published toggle, priority and the Active window. */
export function AnnouncementsPage() {
  const queryClient = useQueryClient();
  const list = useQuery(announcementsQuery);
  const [editing, setEditing] = useState<{ id: string | null; draft: Draft } | null>(null);
  const [deleting, setDeleting] = useState<Announcement | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['announcements'] });

  const toggle = useMutation({
    mutationFn: (a: Announcement) =>
      api(`/announcements/${a.id}/published`, { method: 'PATCH', body: { published: !a.published }, schema: announcementResponse }),
    onSuccess: () => void refresh(),
    onError: () => notify.error(ANNOUNCEMENT_TEXTS.updateFailed),
  });
  const remove = useMutation({
    mutationFn: (a: Announcement) => api(`/announcements/${a.id}`, { method: 'DELETE' }),
    onSuccess: () => {
      notify.success(ANNOUNCEMENT_TEXTS.deleted);
      setDeleting(null);
      void refresh();
    },
    onError: () => notify.error(ANNOUNCEMENT_TEXTS.deleteFailed),
  });

  return (
    <Container size="lg" py="md">
      <Stack>
        <Group justify="space-between">
          <Title order={1} size="h2">
            Announcements
          </Title>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ id: null, draft: blank() })}>
            New Announcement
          </Button>
        </Group>
        {list.isError && (
          <Alert color="red" title={ANNOUNCEMENT_TEXTS.loadFailed}>
            <Button size="xs" variant="light" onClick={() => void list.refetch()}>
              Retry
            </Button>
          </Alert>
        )}
        {list.isSuccess && list.data.length === 0 && <Text c="dimmed">No announcements yet.</Text>}
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {list.data?.map((a) => (
            <Card key={a.id} withBorder radius="md" padding="md" data-testid="announcement-card">
              <Stack gap="xs">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Title order={2} size="h4">
                    {a.title}
                  </Title>
                  <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
                    <Badge color={PRIORITY_COLOR[a.priority]} variant="light">
                      {a.priority}
                    </Badge>
                    <Badge color={a.active ? 'green' : 'gray'} variant="outline">
                      {a.active ? 'Active' : new Date(a.startDate) > new Date() ? 'Scheduled' : 'Ended'}
                    </Badge>
                  </Group>
                </Group>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {a.content}
                </Text>
                <Text size="xs" c="dimmed">
                  {a.author} · {new Date(a.startDate).toLocaleString('en-ZA')} – {new Date(a.endDate).toLocaleString('en-ZA')}
                </Text>
                <Group justify="space-between">
                  <Switch label="Published" checked={a.published} onChange={() => toggle.mutate(a)} />
                  <Group gap={6}>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() =>
                        setEditing({
                          id: a.id,
                          draft: { ...a, startDate: local(a.startDate), endDate: local(a.endDate) },
                        })
                      }
                    >
                      Edit
                    </Button>
                    <Button size="xs" color="red" variant="light" onClick={() => setDeleting(a)}>
                      Delete
                    </Button>
                  </Group>
                </Group>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </Stack>
      {editing && <AnnouncementForm id={editing.id} initial={editing.draft} onClose={() => setEditing(null)} onSaved={refresh} />}
      <Modal opened={!!deleting} onClose={() => setDeleting(null)} title="Delete announcement?">
        <Text mb="md">“{deleting?.title}” will be removed permanently.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setDeleting(null)}>
            Cancel
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => deleting && remove.mutate(deleting)}>
            Delete
          </Button>
        </Group>
      </Modal>
    </Container>
  );
}

function AnnouncementForm({
  id,
  initial,
  onClose,
  onSaved,
}: {
  id: string | null;
  initial: Draft;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [d, setD] = useState(initial);
  const [error, setError] = useState('');
  const save = useMutation({
    mutationFn: (body: object) =>
      api(id ? `/announcements/${id}` : '/announcements', { method: id ? 'PUT' : 'POST', body, schema: announcementResponse }),
    onSuccess: () => {
      notify.success(id ? ANNOUNCEMENT_TEXTS.updated : ANNOUNCEMENT_TEXTS.created);
      onSaved();
      onClose();
    },
    onError: (e) => notify.error(e.message || (id ? ANNOUNCEMENT_TEXTS.updateFailed : ANNOUNCEMENT_TEXTS.createFailed)),
  });
  const submit = () => {
    const body = { ...d, startDate: new Date(d.startDate).toISOString(), endDate: new Date(d.endDate).toISOString() };
    const r = announcementInput.safeParse(body);
    if (!r.success) return setError(r.error.issues[0]?.message ?? 'Please check the form');
    setError('');
    save.mutate(body);
  };
  return (
    <Modal opened onClose={onClose} title={id ? 'Edit announcement' : 'New announcement'}>
      <Stack>
        <TextInput label="Title" required value={d.title} onChange={(e) => setD({ ...d, title: e.currentTarget.value })} />
        <Textarea
          label="Content"
          required
          autosize
          minRows={3}
          value={d.content}
          onChange={(e) => setD({ ...d, content: e.currentTarget.value })}
        />
        <Select
          label="Priority"
          data={ANNOUNCEMENT_PRIORITIES.map((p) => ({ value: p, label: p[0]!.toUpperCase() + p.slice(1) }))}
          value={d.priority}
          onChange={(v) => v && setD({ ...d, priority: v as AnnouncementPriority })}
          allowDeselect={false}
        />
        <TextInput
          label="Start"
          type="datetime-local"
          value={d.startDate}
          onChange={(e) => setD({ ...d, startDate: e.currentTarget.value })}
        />
        <TextInput label="End" type="datetime-local" value={d.endDate} onChange={(e) => setD({ ...d, endDate: e.currentTarget.value })} />
        <Switch label="Published" checked={d.published} onChange={(e) => setD({ ...d, published: e.currentTarget.checked })} />
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={save.isPending} onClick={submit}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
