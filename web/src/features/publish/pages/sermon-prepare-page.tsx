import { useState } from 'react';
import { Link } from 'react-router';
import {
  Alert,
  Badge,
  Button,
  Container,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PREPARATION_TEXTS, preparationInput, preparationResponse, type Preparation } from '@church/contract/sermon-preparations';
import { api } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { preparationsQuery } from '../api/publish-queries';

type Draft = { title: string; scriptures: string; outline: string; series: string; date: string; status: 'draft' | 'ready' };
const blank: Draft = { title: '', scriptures: '', outline: '', series: '', date: '', status: 'draft' };

/** /sermons/prepare: the pastor's own preparation notes; a ready one is uploaded from here as a sermon. */
export function SermonPreparePage() {
  const queryClient = useQueryClient();
  const list = useQuery(preparationsQuery);
  const [id, setId] = useState<string | null>(null);
  const [d, setD] = useState<Draft>(blank);
  const [error, setError] = useState('');
  const save = useMutation({
    mutationFn: (body: Draft) =>
      api(id ? `/sermons/preparations/${id}` : '/sermons/preparations', { method: id ? 'PUT' : 'POST', body, schema: preparationResponse }),
    onSuccess: (r) => {
      notify.success(PREPARATION_TEXTS.saved);
      setId(r.data.preparation.id);
      void queryClient.invalidateQueries({ queryKey: ['sermon-preparations'] });
    },
    onError: (e) => notify.error(e.message || PREPARATION_TEXTS.saveFailed),
  });
  const edit = (p: Preparation) => {
    setId(p.id);
    setD({ title: p.title, scriptures: p.scriptures, outline: p.outline, series: p.series, date: p.date ?? '', status: p.status });
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const r = preparationInput.safeParse(d);
    if (!r.success) return setError(r.error.issues[0]?.message ?? PREPARATION_TEXTS.saveFailed);
    setError('');
    save.mutate(d);
  };
  const field = (k: keyof Draft) => ({
    value: d[k],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setD({ ...d, [k]: e.currentTarget.value }),
  });

  return (
    <Container size="lg" py="md">
      <Stack>
        <Title order={1} size="h2">
          Sermon Preparation
        </Title>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          <Paper
            withBorder
            radius="md"
            p="lg"
            component="form"
            onSubmit={submit}
            noValidate
            style={{ gridColumn: 'span 2' }}
            aria-label="Sermon Preparation"
          >
            <Stack>
              <TextInput label="Sermon title" required error={error || undefined} maxLength={200} {...field('title')} />
              <TextInput
                label="Scripture references"
                placeholder="e.g. Ephesians 2:1-10; Romans 5:8"
                maxLength={500}
                {...field('scriptures')}
              />
              <Textarea label="Outline" autosize minRows={8} maxLength={20000} {...field('outline')} />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="Series" maxLength={120} {...field('series')} />
                <TextInput label="Date to preach" type="date" {...field('date')} />
              </SimpleGrid>
              <SegmentedControl
                aria-label="Status"
                value={d.status}
                onChange={(v) => setD({ ...d, status: v as Draft['status'] })}
                data={[
                  { value: 'draft', label: 'Draft' },
                  { value: 'ready', label: 'Ready' },
                ]}
              />
              <Group justify="space-between">
                <Button
                  variant="default"
                  onClick={() => {
                    setId(null);
                    setD(blank);
                  }}
                >
                  New notes
                </Button>
                <Group>
                  {id && (
                    <Button component={Link} to={`/sermons/upload?preparation=${id}`} variant="light">
                      Upload as sermon
                    </Button>
                  )}
                  <Button type="submit" loading={save.isPending}>
                    Save Preparation
                  </Button>
                </Group>
              </Group>
            </Stack>
          </Paper>
          <Paper withBorder radius="md" p="lg">
            <Stack gap="xs">
              <Title order={2} size="h4">
                My notes
              </Title>
              {list.isError && <Alert color="red">{PREPARATION_TEXTS.loadFailed}</Alert>}
              {list.isSuccess && list.data.length === 0 && <Text c="dimmed">No preparation notes yet.</Text>}
              {list.data?.map((p) => (
                <Button
                  key={p.id}
                  variant={p.id === id ? 'light' : 'subtle'}
                  justify="space-between"
                  fullWidth
                  onClick={() => edit(p)}
                  rightSection={
                    <Badge size="xs" color={p.sermonId ? 'green' : p.status === 'ready' ? 'blue' : 'gray'}>
                      {p.sermonId ? 'uploaded' : p.status}
                    </Badge>
                  }
                >
                  {p.title}
                </Button>
              ))}
            </Stack>
          </Paper>
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
