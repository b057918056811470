import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  FileInput,
  Group,
  Modal,
  Paper,
  Progress,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  checkSermonFile,
  sermonResponse,
  SERMON_MEDIA_ACCEPT,
  SERMON_TEXTS,
  type Sermon,
  type SermonMediaKind,
} from '@church/contract/sermons';
import { mediaDuration, uploadSermon } from '../api/upload-sermon';
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
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{s.date.slice(0, 10)}</Table.Td>
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

const MEDIA_KINDS = ['video', 'audio', 'thumbnail'] as const;

function EditSermonModal({ sermon, onClose, onSaved }: { sermon: Sermon; onClose: () => void; onSaved: () => void }) {
  const [v, setV] = useState({
    title: sermon.title,
    speaker: sermon.speaker,
    date: sermon.date.slice(0, 10),
    series: sermon.series ?? '',
    description: sermon.description,
    published: sermon.published,
  });
  const [files, setFiles] = useState<Partial<Record<SermonMediaKind, File | null>>>({});
  const [fileErrors, setFileErrors] = useState<Partial<Record<SermonMediaKind, string>>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const save = useMutation({
    mutationFn: async () => {
      await api(`/sermons/${sermon.id}`, { method: 'PUT', body: v, schema: sermonResponse });
      const chosen = MEDIA_KINDS.filter((k) => files[k]);
      if (!chosen.length) return false;
      // New media go up after the details, with their own progress: a video can take minutes.
      const form = new FormData();
      const main = files.video ?? files.audio;
      const seconds = main ? await mediaDuration(main) : null;
      if (seconds !== null) form.append('durationSeconds', String(seconds));
      for (const k of chosen) form.append(k, files[k]!);
      setProgress(0);
      await uploadSermon(form, setProgress, { sermonId: sermon.id });
      return true;
    },
    onSuccess: (replaced) => {
      notify.success(replaced ? SERMON_TEXTS.mediaReplaced : 'Sermon updated successfully');
      onSaved();
      onClose();
    },
    onError: (e) => {
      setProgress(null);
      // The details may have saved before the media failed: show what the server has now.
      onSaved();
      notify.error(e.message || 'Failed to update sermon');
    },
  });
  const pickFile = (kind: SermonMediaKind, file: File | null) => {
    const problem = file ? checkSermonFile(kind, file) : null;
    setFileErrors((e) => ({ ...e, [kind]: problem ?? '' }));
    setFiles((f) => ({ ...f, [kind]: problem ? null : file }));
  };
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
        {MEDIA_KINDS.map((kind) => (
          <FileInput
            key={kind}
            label={`Replace ${kind}`}
            description={sermon[`${kind}Url`] ? `Keeps the current ${kind} unless you choose a new file` : `No ${kind} yet`}
            placeholder="Choose a file"
            accept={SERMON_MEDIA_ACCEPT[kind]}
            value={files[kind] ?? null}
            onChange={(f) => pickFile(kind, f)}
            error={fileErrors[kind] || undefined}
            disabled={save.isPending}
            clearable
          />
        ))}
        {progress !== null && <Progress value={progress} aria-label="Upload progress" animated />}
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
