import { Button, Card, Container, Grid, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconEye, IconTarget, IconUsersGroup } from '@tabler/icons-react';
import type { PublicSettings } from '@church/contract/settings';
import { EmptySectionHint } from '../../../components/site/empty-section-hint';
import { SectionError } from './section-error';
import classes from './home.module.css';

interface Props {
  settings: PublicSettings | undefined;
  isError: boolean;
  onRetry: () => void;
  onContact: () => void;
}

/** The names of the founders as one line: 'A', 'A & B', 'A, B & C'. */
export const foundersLine = (founders: PublicSettings['founders']) => {
  const names = founders.map((f) => f.name);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} & ${names.at(-1)}` : (names[0] ?? '');
};

/** Spec 000 §2 Our Foundation: founders, mission, vision, core values, Get in Touch — what the church has written of them. */
export function FoundationSection({ settings, isError, onRetry, onContact }: Props) {
  const pillars = settings
    ? [
        { key: 'founders', icon: <IconUsersGroup size={22} />, title: 'Our Founders', text: foundersLine(settings.founders) },
        { key: 'mission', icon: <IconTarget size={22} />, title: 'Our Mission', text: settings.mission },
        { key: 'vision', icon: <IconEye size={22} />, title: 'Our Vision', text: settings.vision },
      ].filter((p) => p.text)
    : [];
  if (settings && !pillars.length && !settings.coreValues.length && !settings.description)
    return <EmptySectionHint what="Our Foundation" tab="about" />;
  return (
    <section className={classes.sectionAlt} id="foundation" aria-labelledby="foundation-title">
      <Container size="lg">
        <Stack align="center" gap={6} mb={40}>
          <Text c="gold.8" fw={700} tt="uppercase" size="sm" lts={1}>
            Who we are
          </Text>
          <Title order={2} id="foundation-title" ta="center">
            Our Foundation
          </Title>
          {settings?.description && (
            <Text c="dimmed" ta="center" maw={680}>
              {settings.description}
            </Text>
          )}
        </Stack>
        {isError && !settings ? (
          <SectionError message="We couldn't load the church's details." onRetry={onRetry} />
        ) : !settings ? (
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={160} radius="lg" />
            ))}
          </SimpleGrid>
        ) : (
          <>
            {pillars.length > 0 && (
              <SimpleGrid cols={{ base: 1, md: pillars.length }} spacing="lg">
                {pillars.map((p) => (
                  <Pillar key={p.key} icon={p.icon} title={p.title} text={p.text} />
                ))}
              </SimpleGrid>
            )}
            {settings.coreValues.length > 0 && (
              <>
                <Title order={3} ta="center" mt={56} mb="lg">
                  Our Core Values
                </Title>
                <Grid gap="md" justify="center" data-testid="core-values">
                  {settings.coreValues.map((v, i) => (
                    <Grid.Col key={`${i}-${v.title}`} span={{ base: 12, xs: 6, md: 3 }}>
                      <Card withBorder radius="lg" padding="lg" className={classes.card}>
                        <Text c="gold.8" fw={800} ff="heading" fz="xl">
                          {String(i + 1).padStart(2, '0')}
                        </Text>
                        <Text fw={700} mt={4}>
                          {v.title}
                        </Text>
                        <Text size="sm" c="dimmed" mt={4}>
                          {v.description}
                        </Text>
                      </Card>
                    </Grid.Col>
                  ))}
                </Grid>
              </>
            )}
          </>
        )}
        <Stack align="center" mt={40}>
          <Button size="md" onClick={onContact}>
            Get in Touch
          </Button>
        </Stack>
      </Container>
    </section>
  );
}

function Pillar({ icon, title, text }: { icon: React.ReactNode; title: string; text: string }) {
  return (
    <Card withBorder radius="lg" padding="xl" className={classes.card}>
      <ThemeIcon size={44} radius="md" variant="light">
        {icon}
      </ThemeIcon>
      <Text fw={700} fz="lg" mt="md">
        {title}
      </Text>
      <Text c="dimmed" mt={6}>
        {text}
      </Text>
    </Card>
  );
}
