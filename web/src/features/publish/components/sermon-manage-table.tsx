import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Paper, Stack, Switch, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sermonResponse, type Sermon } from '@church/contract/sermons';
import { api } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { manageSermonsQuery } from '../api/publish-queries';

/** Every sermon, published or not: publish/unpublish, edit details, delete with confirmation (media removed). */
export function SermonManageTable() {
  const queryClient = useQueryClient();
  const list = useQuery(manageSermonsQuery);
  const [editing, setEditing] = useState<Sermon | null>(null);
  const [deleting, setDeleting] = useState<Sermon | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['sermons'] });

  const toggle = useMutation({
    mutationFn: (s: Sermon) =>
      api(`/sermons/${s.id}/${s.published ? 'unpublish' : 'publish'}`, { method: 'PATCH', schema: sermonResponse }),
    onSuccess: (r) => {
      notify.success(r.data.sermon.published ? 'Sermon published' : 'Sermon unpublished');
      void refresh();
    },
    onError: (e) => notify.error(e.message || 'Failed to update sermon'),
  });
  const remove = useMutation({
    mutationFn: (s: Sermon) => api(`/sermons/${s.id}`, { method: 'DELETE', schema: sermonResponse }),
    onSuccess: () => {
      notify.success('Sermon deleted successfully');
      setDeleting(null);
      void refresh();
    },
    onError: (e) => notify.error(e.message || 'Failed to delete sermon'),
  });

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack>
        <Title order={2} size="h3">
          Manage Sermons
        </Title>
        {list.isError && (
          <Alert color="red" title="Failed to load sermons">
            <Button size="xs" variant="light" onClick={() => void list.refetch()}>
              Retry
            </Button>
          </Alert>
        )}
        {list.isSuccess && list.data.sermons.length === 0 && <Text c="dimmed">No sermons yet. Upload the first one above.</Text>}
        {list.isSuccess && list.data.sermons.length > 0 && (
          <Table.ScrollContainer minWidth={640}>
            <Table striped verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Title</Table.Th>
                  <Table.Th>Speaker</Table.Th>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Views</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.sermons.map((s) => (
                  <Table.Tr key={s.id}>
                    <Table.Td>{s.title}</Table.Td>
                    <Table.Td>{s.speaker}</Table.Td>
                    <Table.Td>{s.date.slice(0, 10)}</Table.Td>
                    <Table.Td>{s.views}</Table.Td>
                    <Table.Td>
                      <Badge color={s.published ? 'green' : 'gray'} variant="light">
                        {s.published ? 'Published' : 'Unpublished'}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Button
                          size="xs"
                          variant="light"
                          onClick={() => toggle.mutate(s)}
                          loading={toggle.isPending && toggle.variables?.id === s.id}
                        >
                          {s.published ? 'Unpublish' : 'Publish'}
                        </Button>
                        <Button size="xs" variant="default" onClick={() => setEditing(s)}>
                          Edit
                        </Button>
                        <Button size="xs" color="red" variant="light" onClick={() => setDeleting(s)}>
                          Delete
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <Modal opened={!!deleting} onClose={() => setDeleting(null)} title="Delete sermon?">
        <Text mb="md">“{deleting?.title}” and its media files will be removed permanently.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setDeleting(null)}>
            Cancel
          </Button>
          <Button color="red" loading={remove.isPending} onClick={() => deleting && remove.mutate(deleting)}>
            Delete
          </Button>
        </Group>
      </Modal>
      {editing && <EditSermonModal sermon={editing} onClose={() => setEditing(null)} onSaved={refresh} />}
    </Paper>
  );
}

function EditSermonModal({ sermon, onClose, onSaved }: { sermon: Sermon; onClose: () => void; onSaved: () => void }) {
  const [v, setV] = useState({
    title: sermon.title,
    speaker: sermon.speaker,
    date: sermon.date.slice(0, 10),
    series: sermon.series ?? '',
    description: sermon.description,
    published: sermon.published,
  });
  const save = useMutation({
    mutationFn: () => api(`/sermons/${sermon.id}`, { method: 'PUT', body: v, schema: sermonResponse }),
    onSuccess: () => {
      notify.success('Sermon updated successfully');
      onSaved();
      onClose();
    },
    onError: (e) => notify.error(e.message || 'Failed to update sermon'),
  });
  const set = (k: keyof typeof v) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setV({ ...v, [k]: e.currentTarget.value });
  return (
    <Modal opened onClose={onClose} title="Edit sermon">
      <Stack>
        <TextInput label="Title" value={v.title} onChange={set('title')} />
        <TextInput label="Speaker" value={v.speaker} onChange={set('speaker')} />
        <TextInput label="Date" type="date" value={v.date} onChange={set('date')} />
        <TextInput label="Series" value={v.series} onChange={set('series')} />
        <Textarea label="Description" autosize minRows={3} value={v.description} onChange={set('description')} />
        <Switch label="Published" checked={v.published} onChange={(e) => setV({ ...v, published: e.currentTarget.checked })} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={save.isPending} onClick={() => save.mutate()}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
