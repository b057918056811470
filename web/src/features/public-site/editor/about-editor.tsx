import { useState } from 'react';
import { Avatar, Button, FileButton, Group, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import type { ChurchSettings } from '@church/contract/settings';
import { imageSrc } from '@church/contract/site-content-constants';
import { AboutContent } from '../pages/about-page';
import { ListEditor } from './list-editor';
import { PreviewFrame } from './preview-frame';
import { uploadSiteImage } from './site-image';

type About = Pick<
  ChurchSettings,
  'description' | 'story' | 'founders' | 'mission' | 'vision' | 'coreValues' | 'ministries' | 'denomination' | 'pastorName'
>;

/** About: the story, founders with photos, mission, vision, core values and ministries, with the About page as preview. */
export function AboutEditor({
  s,
  errors,
  set,
}: {
  s: About;
  errors: Record<string, string>;
  set: (patch: Partial<ChurchSettings>) => void;
}) {
  const [uploading, setUploading] = useState<number | null>(null);
  async function upload(i: number, file: File | null) {
    if (!file) return;
    setUploading(i);
    const url = await uploadSiteImage(file, 'photo');
    setUploading(null);
    if (url) set({ founders: s.founders.map((f, j) => (j === i ? { ...f, photoUrl: url } : f)) });
  }
  const area = (key: 'description' | 'story' | 'vision', label: string, minRows = 3) => (
    <Textarea
      label={label}
      autosize
      minRows={minRows}
      value={s[key]}
      error={errors[key]}
      onChange={(e) => set({ [key]: e.currentTarget.value })}
    />
  );
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="xl">
      <Stack>
        {area('description', 'Short description (home page and About)', 2)}
        <Textarea
          label="Our story"
          description="Paragraphs separated by an empty line"
          autosize
          minRows={5}
          value={s.story}
          error={errors.story}
          onChange={(e) => set({ story: e.currentTarget.value })}
        />
        {area('vision', 'Vision')}
        <Title order={3} size="h5" mt="sm">
          Founders
        </Title>
        <ListEditor
          items={s.founders}
          onChange={(founders) => set({ founders })}
          max={12}
          make={() => ({ name: '', role: '', bio: '', photoUrl: '' })}
          itemLabel={(i) => `Founder ${i + 1}`}
          addLabel="Add founder"
          renderItem={(f, i, update) => (
            <Stack gap="xs">
              <Group>
                <Avatar
                  src={f.photoUrl ? imageSrc(f.photoUrl, 320) : null}
                  size={56}
                  radius="xl"
                  alt={f.name ? `Photo of ${f.name}` : 'Photo'}
                >
                  {f.name.slice(0, 1)}
                </Avatar>
                <FileButton onChange={(file) => void upload(i, file)} accept="image/png,image/jpeg,image/webp">
                  {(props) => (
                    <Button size="xs" variant="light" loading={uploading === i} {...props}>
                      Upload photo
                    </Button>
                  )}
                </FileButton>
                {f.photoUrl && (
                  <Button size="xs" variant="subtle" color="red" onClick={() => update({ photoUrl: '' })}>
                    Remove photo
                  </Button>
                )}
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label="Name"
                  required
                  value={f.name}
                  error={errors[`founders.${i}.name`]}
                  onChange={(e) => update({ name: e.currentTarget.value })}
                />
                <TextInput
                  label="Role"
                  value={f.role}
                  error={errors[`founders.${i}.role`]}
                  onChange={(e) => update({ role: e.currentTarget.value })}
                />
              </SimpleGrid>
              <Textarea
                label="A few words"
                autosize
                minRows={2}
                value={f.bio}
                error={errors[`founders.${i}.bio`]}
                onChange={(e) => update({ bio: e.currentTarget.value })}
              />
            </Stack>
          )}
        />
        <Title order={3} size="h5" mt="sm">
          Core values
        </Title>
        <ListEditor
          items={s.coreValues}
          onChange={(coreValues) => set({ coreValues })}
          max={12}
          make={() => ({ title: '', description: '' })}
          itemLabel={(i) => `Core value ${i + 1}`}
          addLabel="Add core value"
          renderItem={(v, i, update) => (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Title"
                required
                value={v.title}
                error={errors[`coreValues.${i}.title`]}
                onChange={(e) => update({ title: e.currentTarget.value })}
              />
              <TextInput
                label="Description"
                value={v.description}
                error={errors[`coreValues.${i}.description`]}
                onChange={(e) => update({ description: e.currentTarget.value })}
              />
            </SimpleGrid>
          )}
        />
        <Title order={3} size="h5" mt="sm">
          Ministries
        </Title>
        <ListEditor
          items={s.ministries}
          onChange={(ministries) => set({ ministries })}
          max={30}
          make={() => ({ name: '', description: '', meets: '', leader: '', contact: '' })}
          itemLabel={(i) => `Ministry ${i + 1}`}
          addLabel="Add ministry"
          renderItem={(m, i, update) => (
            <Stack gap="xs">
              <TextInput
                label="Name"
                required
                value={m.name}
                error={errors[`ministries.${i}.name`]}
                onChange={(e) => update({ name: e.currentTarget.value })}
              />
              <Textarea
                label="Description"
                autosize
                minRows={2}
                value={m.description}
                onChange={(e) => update({ description: e.currentTarget.value })}
              />
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <TextInput
                  label="Meets"
                  placeholder="Saturdays 9:00, Hall B"
                  value={m.meets}
                  onChange={(e) => update({ meets: e.currentTarget.value })}
                />
                <TextInput label="Leader" value={m.leader} onChange={(e) => update({ leader: e.currentTarget.value })} />
                <TextInput
                  label="Contact"
                  placeholder="Phone or e-mail"
                  value={m.contact}
                  onChange={(e) => update({ contact: e.currentTarget.value })}
                />
              </SimpleGrid>
            </Stack>
          )}
        />
      </Stack>
      <PreviewFrame label="Preview of the About page">
        <div style={{ padding: 16 }}>
          <AboutContent data={s} />
        </div>
      </PreviewFrame>
    </SimpleGrid>
  );
}
