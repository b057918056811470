import { useEffect, useState } from 'react';
import { Box, Button, Container, Group, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { DailyVerseCard } from '../../../components/daily-verse-card';
import { paths } from '../../../config/paths';
import { HERO_ROTATION_MS, HERO_WAIT_FOR, heroSrc, heroSrcSet, type ShownSlide } from './hero-slides';
import classes from './home.module.css';

/**
 * Spec 000 §2: full-screen carousel of the church's slides rotating every 5 s, dots jump to a slide.
 * `rotate={false}` holds the shown slide (the editor's preview shows the slide being edited).
 */
export function HeroCarousel({
  slides,
  isAuthenticated,
  start = 0,
  rotate = true,
  verseCard = true,
  preview = false,
}: {
  slides: ShownSlide[];
  isAuthenticated: boolean;
  start?: number;
  rotate?: boolean;
  verseCard?: boolean;
  /** In the settings editor: the height of a card, not of the screen. */
  preview?: boolean;
}) {
  const [chosen, setIndex] = useState(start);
  useEffect(() => setIndex(start), [start]);
  const index = Math.min(chosen, slides.length - 1);
  useEffect(() => {
    if (!rotate || slides.length < 2) return;
    // Restarting the timer on every change means a dot click gets its full 5 s.
    const t = setTimeout(() => setIndex((i) => (i + 1) % slides.length), HERO_ROTATION_MS);
    return () => clearTimeout(t);
  }, [index, rotate, slides.length]);
  const slide = slides[index]!;
  const external = /^https?:/.test(slide.buttonLink);

  return (
    <Box
      component="section"
      className={classes.hero}
      aria-roledescription="carousel"
      aria-label="Welcome"
      style={preview ? { minHeight: 460, paddingTop: 40 } : undefined}
    >
      {slides.map((s, i) => (
        <img
          key={`${i}-${s.image}`}
          data-hero={i < HERO_WAIT_FOR || undefined}
          className={classes.heroImage}
          data-active={i === index || undefined}
          src={heroSrc(s.image, 1280)}
          srcSet={heroSrcSet(s.image)}
          sizes="100vw"
          alt=""
          fetchPriority={i === 0 ? 'high' : 'low'}
          decoding="async"
        />
      ))}
      <div className={classes.heroShade} />
      <Container size="lg" className={classes.heroContent}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={40} style={{ alignItems: 'center' }}>
          <Stack gap="md" data-testid="hero-slide" data-index={index} aria-live="polite">
            {slide.subtitle && (
              <Text c="gold.3" fw={700} tt="uppercase" lts={2} size="sm">
                {slide.subtitle}
              </Text>
            )}
            <Title order={1} c="white" fz={{ base: 40, sm: 56 }} lh={1.1}>
              {slide.title}
            </Title>
            {slide.description && (
              <Text c="gray.1" fz={{ base: 'md', sm: 'lg' }} maw={560}>
                {slide.description}
              </Text>
            )}
            {slide.verse && (
              <Text c="gray.3" fs="italic" size="sm" maw={560}>
                {slide.verse}
              </Text>
            )}
            <Group mt="sm">
              {slide.buttonLabel && slide.buttonLink && external && (
                <Button size="md" color="gold.6" c="navy.9" component="a" href={slide.buttonLink} target="_blank" rel="noopener noreferrer">
                  {slide.buttonLabel}
                </Button>
              )}
              {slide.buttonLabel && slide.buttonLink && !external && (
                <Button size="md" color="gold.6" c="navy.9" component={Link} to={slide.buttonLink}>
                  {slide.buttonLabel}
                </Button>
              )}
              {isAuthenticated ? (
                <Button size="md" color="gold.6" c="navy.9" component={Link} to={paths.dashboard}>
                  Go to Dashboard
                </Button>
              ) : (
                <Button size="md" color="gold.6" c="navy.9" component={Link} to={paths.register}>
                  Get Started
                </Button>
              )}
              <Button size="md" variant="white" color="navy" component={Link} to={paths.mobile.dashboard}>
                Member Portal
              </Button>
            </Group>
            {slides.length > 1 && (
              <Group gap={0} mt="md" role="tablist" aria-label="Choose a slide">
                {slides.map((s, i) => (
                  <UnstyledButton
                    key={i}
                    role="tab"
                    aria-selected={i === index}
                    aria-label={`Slide ${i + 1}: ${s.title}`}
                    className={classes.dot}
                    data-active={i === index || undefined}
                    onClick={() => setIndex(i)}
                  />
                ))}
              </Group>
            )}
          </Stack>
          {verseCard && (
            <Box maw={460} w="100%" style={{ justifySelf: 'end' }}>
              <DailyVerseCard variant="glass" />
            </Box>
          )}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
