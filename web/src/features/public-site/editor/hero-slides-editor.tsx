import { useState } from 'react';
import { Box, Button, FileButton, Group, Image, SimpleGrid, Stack, Text, TextInput, Textarea, UnstyledButton } from '@mantine/core';
import type { HeroSlide } from '@church/contract/site-content';
import { MAX_HERO_SLIDES, STOCK_HERO_IMAGES, imageSrc } from '@church/contract/site-content-constants';
import { HeroCarousel } from '../components/hero-carousel';
import { ListEditor } from './list-editor';
import { PreviewFrame } from './preview-frame';
import { uploadSiteImage } from './site-image';

const newSlide = (): HeroSlide => ({
  image: STOCK_HERO_IMAGES[0],
  title: 'Welcome',
  subtitle: '',
  description: '',
  verse: '',
  buttonLabel: '',
  buttonLink: '',
});

/** Home page → hero slides: pictures (stock or uploaded), words and an optional button; a preview of the slide being edited. */
export function HeroSlidesEditor({
  slides,
  errors,
  onChange,
}: {
  slides: HeroSlide[];
  errors: Record<string, string>;
  onChange: (slides: HeroSlide[]) => void;
}) {
  const [focus, setFocus] = useState(0);
  const [uploading, setUploading] = useState<number | null>(null);
  const err = (i: number, key: keyof HeroSlide) => errors[`heroSlides.${i}.${key}`];

  async function upload(i: number, file: File | null) {
    if (!file) return;
    setUploading(i);
    const url = await uploadSiteImage(file, 'slide');
    setUploading(null);
    if (url) onChange(slides.map((s, j) => (j === i ? { ...s, image: url } : s)));
  }

  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="xl">
      <ListEditor
        items={slides}
        onChange={onChange}
        max={MAX_HERO_SLIDES}
        make={newSlide}
        itemLabel={(i) => `Slide ${i + 1}`}
        addLabel="Add slide"
        empty="No slides yet: visitors see one slide with the church's name and description."
        renderItem={(s, i, update) => (
          <Stack gap="xs" onFocusCapture={() => setFocus(i)}>
            <Group align="flex-end" wrap="wrap" gap="xs">
              {STOCK_HERO_IMAGES.map((img) => (
                <UnstyledButton
                  key={img}
                  onClick={() => update({ image: img })}
                  aria-label={`Use the stock picture ${img.split('/').pop()}`}
                  aria-pressed={s.image === img}
                  style={{ outline: s.image === img ? '3px solid var(--mantine-color-gold-6)' : undefined, borderRadius: 6 }}
                >
                  <Image src={imageSrc(img, 640)} w={72} h={44} radius="sm" alt="" />
                </UnstyledButton>
              ))}
              {!(STOCK_HERO_IMAGES as readonly string[]).includes(s.image) && (
                <Image
                  src={imageSrc(s.image, 640)}
                  w={72}
                  h={44}
                  radius="sm"
                  alt="Uploaded picture"
                  style={{ outline: '3px solid var(--mantine-color-gold-6)' }}
                />
              )}
              <FileButton onChange={(f) => void upload(i, f)} accept="image/png,image/jpeg,image/webp">
                {(props) => (
                  <Button size="xs" variant="light" loading={uploading === i} {...props}>
                    Upload picture
                  </Button>
                )}
              </FileButton>
            </Group>
            {err(i, 'image') && (
              <Text size="xs" c="red">
                {err(i, 'image')}
              </Text>
            )}
            <TextInput
              label="Heading"
              required
              value={s.title}
              error={err(i, 'title')}
              onChange={(e) => update({ title: e.currentTarget.value })}
            />
            <TextInput
              label="Line above the heading"
              value={s.subtitle}
              error={err(i, 'subtitle')}
              onChange={(e) => update({ subtitle: e.currentTarget.value })}
            />
            <Textarea
              label="Text"
              autosize
              minRows={2}
              value={s.description}
              error={err(i, 'description')}
              onChange={(e) => update({ description: e.currentTarget.value })}
            />
            <TextInput
              label="Verse or short line"
              value={s.verse}
              error={err(i, 'verse')}
              onChange={(e) => update({ verse: e.currentTarget.value })}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Button label"
                value={s.buttonLabel}
                error={err(i, 'buttonLabel')}
                onChange={(e) => update({ buttonLabel: e.currentTarget.value })}
              />
              <TextInput
                label="Button link"
                placeholder="/events or https://"
                value={s.buttonLink}
                error={err(i, 'buttonLink')}
                onChange={(e) => update({ buttonLink: e.currentTarget.value })}
              />
            </SimpleGrid>
          </Stack>
        )}
      />
      <Box>
        <PreviewFrame label={slides.length ? `Preview of slide ${Math.min(focus, slides.length - 1) + 1}` : 'Preview'}>
          {slides.length > 0 ? (
            <HeroCarousel
              slides={slides}
              start={Math.min(focus, slides.length - 1)}
              rotate={false}
              verseCard={false}
              isAuthenticated={false}
              preview
            />
          ) : (
            <Text p="md" c="dimmed">
              Add a slide to see it here.
            </Text>
          )}
        </PreviewFrame>
      </Box>
    </SimpleGrid>
  );
}
