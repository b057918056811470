import { useEffect, useState } from 'react';
import { Box, Button, Container, Group, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { DailyVerseCard } from '../../../components/daily-verse-card';
import { paths } from '../../../config/paths';
import { HERO_ROTATION_MS, HERO_SLIDES, heroSrc, heroSrcSet } from './hero-slides';
import classes from './home.module.css';

/** Spec 000 §2: full-screen carousel of three slides rotating every 5 s, dots jump to a slide. */
export function HeroCarousel({ isAuthenticated }: { isAuthenticated: boolean }) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    // Restarting the timer on every change means a dot click gets its full 5 s.
    const t = setTimeout(() => setIndex((i) => (i + 1) % HERO_SLIDES.length), HERO_ROTATION_MS);
    return () => clearTimeout(t);
  }, [index]);
  const slide = HERO_SLIDES[index]!;

  return (
    <Box component="section" className={classes.hero} aria-roledescription="carousel" aria-label="Welcome">
      {HERO_SLIDES.map((s, i) => (
        <img
          key={s.image}
          data-hero
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
            <Text c="gold.3" fw={700} tt="uppercase" lts={2} size="sm">
              {slide.subtitle}
            </Text>
            <Title order={1} c="white" fz={{ base: 40, sm: 56 }} lh={1.1}>
              {slide.title}
            </Title>
            <Text c="gray.1" fz={{ base: 'md', sm: 'lg' }} maw={560}>
              {slide.description}
            </Text>
            <Text c="gray.3" fs="italic" size="sm" maw={560}>
              {slide.verse}
            </Text>
            <Group mt="sm">
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
            <Group gap={0} mt="md" role="tablist" aria-label="Choose a slide">
              {HERO_SLIDES.map((s, i) => (
                <UnstyledButton
                  key={s.image}
                  role="tab"
                  aria-selected={i === index}
                  aria-label={`Slide ${i + 1}: ${s.title}`}
                  className={classes.dot}
                  data-active={i === index || undefined}
                  onClick={() => setIndex(i)}
                />
              ))}
            </Group>
          </Stack>
          <Box maw={460} w="100%" style={{ justifySelf: 'end' }}>
            <DailyVerseCard variant="glass" />
          </Box>
        </SimpleGrid>
      </Container>
    </Box>
  );
}
