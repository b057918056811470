import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  Button,
  Container,
  FileInput,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconMicrophone, IconPhoto, IconUpload, IconVideo } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { checkSermonFile, SERMON_MEDIA_ACCEPT, SERMON_TEXTS, type SermonMediaKind } from '@church/contract/sermons';
import type { Preparation } from '@church/contract/sermon-preparations';
import { notify } from '../../../lib/notify';
import { preparationQuery } from '../api/publish-queries';
import { mediaDuration, uploadSermon } from '../api/upload-sermon';
import { SermonManageTable } from '../components/sermon-manage-table';
import { todayInZone, useChurchTimeZone } from '../../../lib/church-time';

/** Spec 001 §2/§4/§5: /sermons/upload — idle, uploading (inputs disabled, progress), then /sermons or stay on failure. */
export function SermonUploadPage() {
  const [params] = useSearchParams();
  const preparationId = params.get('preparation');
  const prep = useQuery({ ...preparationQuery(preparationId ?? ''), enabled: !!preparationId });
  return (
    <Container size="lg" py="md">
      <Stack gap="lg">
        <Title order={1} size="h2">
          Upload Sermon
        </Title>
        {/* Uploading from a preparation: the form appears filled in, never empty for a moment (a quick click on
            Upload Sermon then said "Please enter a sermon title" while the title was arriving). A preparation that
            cannot be read leaves the form empty. */}
        {preparationId && prep.isPending ? (
          <Skeleton height={480} radius="md" />
        ) : (
          <UploadForm preparationId={preparationId} preparation={prep.data} />
        )}
        <SermonManageTable />
      </Stack>
    </Container>
  );
}

function UploadForm({ preparationId, preparation }: { preparationId: string | null; preparation?: Preparation }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(preparation?.title ?? '');
  const [speaker, setSpeaker] = useState('');
  const zone = useChurchTimeZone();
  const [date, setDate] = useState(() => preparation?.date || todayInZone(zone));
  const [description, setDescription] = useState(preparation?.scriptures ?? '');
  const [series, setSeries] = useState(preparation?.series ?? '');
  const [published, setPublished] = useState(true);
  const [files, setFiles] = useState<Partial<Record<SermonMediaKind, File | null>>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [uploading, setUploading] = useState(false);
  const [progress, setProgress] = useState(0);

  const fail = (field: string, message: string) => {
    setErrors({ [field]: message });
    notify.error(message);
  };

  const pickFile = (kind: SermonMediaKind, file: File | null) => {
    const problem = file ? checkSermonFile(kind, file) : null;
    if (problem) {
      fail(kind, problem);
      return setFiles((f) => ({ ...f, [kind]: null }));
    }
    setErrors((e) => ({ ...e, [kind]: '' }));
    setFiles((f) => ({ ...f, [kind]: file }));
  };

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!title.trim()) return fail('title', SERMON_TEXTS.titleRequired);
    if (!speaker.trim()) return fail('speaker', SERMON_TEXTS.speakerRequired);
    if (!files.video && !files.audio) return fail('media', SERMON_TEXTS.mediaRequired);
    setErrors({});
    const form = new FormData();
    Object.entries({ title, speaker, date, description, series, published: String(published) }).forEach(([k, v]) => form.append(k, v));
    if (preparationId) form.append('preparationId', preparationId);
    const main = files.video ?? files.audio;
    const seconds = main ? await mediaDuration(main) : null;
    if (seconds !== null) form.append('durationSeconds', String(seconds));
    for (const kind of ['video', 'audio', 'thumbnail'] as const) if (files[kind]) form.append(kind, files[kind]);
    setUploading(true);
    setProgress(0);
    try {
      await uploadSermon(form, setProgress);
      notify.success(SERMON_TEXTS.uploaded);
      await queryClient.invalidateQueries({ queryKey: ['sermons'] });
      await queryClient.invalidateQueries({ queryKey: ['sermon-preparations'] });
      void navigate('/sermons');
    } catch (err) {
      notify.error(err instanceof Error && err.message ? err.message : SERMON_TEXTS.uploadFailed);
      setUploading(false);
    }
  }

  const fileInput = (kind: SermonMediaKind, label: string, icon: React.ReactNode, hint: string) => (
    <FileInput
      label={label}
      description={hint}
      placeholder="Choose a file"
      leftSection={icon}
      accept={SERMON_MEDIA_ACCEPT[kind]}
      value={files[kind] ?? null}
      onChange={(f) => pickFile(kind, f)}
      error={errors[kind] || (kind !== 'thumbnail' && errors.media) || undefined}
      disabled={uploading}
      clearable
    />
  );

  return (
    <Paper withBorder radius="md" p="lg" component="form" onSubmit={submit} noValidate aria-label="Upload Sermon">
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Title"
            required
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            error={errors.title}
            disabled={uploading}
            maxLength={200}
          />
          <TextInput
            label="Speaker"
            required
            value={speaker}
            onChange={(e) => setSpeaker(e.currentTarget.value)}
            error={errors.speaker}
            disabled={uploading}
            maxLength={120}
          />
          <TextInput label="Date" type="date" value={date} onChange={(e) => setDate(e.currentTarget.value)} disabled={uploading} />
          <TextInput
            label="Series"
            value={series}
            onChange={(e) => setSeries(e.currentTarget.value)}
            disabled={uploading}
            maxLength={120}
          />
        </SimpleGrid>
        <Textarea
          label="Description"
          autosize
          minRows={3}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          disabled={uploading}
          maxLength={5000}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {fileInput('video', 'Video file', <IconVideo size={16} />, 'MP4, MOV, AVI or WEBM, up to 100 MB')}
          {fileInput('audio', 'Audio file', <IconMicrophone size={16} />, 'MP3, WAV, M4A or AAC, up to 50 MB')}
          {fileInput('thumbnail', 'Thumbnail', <IconPhoto size={16} />, 'JPEG, PNG, GIF or WEBP, up to 5 MB')}
        </SimpleGrid>
        <Switch
          label="Publish now (visitors see it in the library)"
          checked={published}
          onChange={(e) => setPublished(e.currentTarget.checked)}
          disabled={uploading}
        />
        {uploading && (
          <Stack gap={4}>
            <Text size="sm">Uploading… {progress}%</Text>
            <Progress value={progress} aria-label="Upload progress" animated size="lg" />
          </Stack>
        )}
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconUpload size={16} />} loading={uploading}>
            Upload Sermon
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
