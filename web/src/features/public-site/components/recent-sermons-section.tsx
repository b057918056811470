import { Badge, Button, Card, Container, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconClock, IconEye, IconPlayerPlay } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Sermon } from '@church/contract/sermons';
import { paths } from '../../../config/paths';
import { formatCount, formatLongDate } from './format';
import { EmptySectionHint } from '../../../components/site/empty-section-hint';
import { SectionError } from './section-error';
import classes from './home.module.css';

interface Props {
  sermons: Sermon[] | undefined;
  isError: boolean;
  onRetry: () => void;
  timeZone: string;
}

/**
 * Spec 000 §2 Recent Sermons: up to three cards. Issue 18 (links that do what
 * they say): Watch Sermon opens that sermon's page with its player, and View
 * All Sermons opens the library (/sermons) rather than the spec's /mobile/bible.
 */
export function RecentSermonsSection({ sermons, isError, onRetry, timeZone }: Props) {
  // Nothing published yet: visitors see no empty section; those who publish see where it will be.
  if (sermons?.length === 0) return <EmptySectionHint what="Recent Sermons" to={paths.sermonUpload} />;
  return (
    <section className={classes.section} aria-labelledby="sermons-title">
      <Container size="lg">
        <Group justify="space-between" align="end" mb="xl">
          <div>
            <Text c="gold.8" fw={700} tt="uppercase" size="sm" lts={1}>
              Messages
            </Text>
            <Title order={2} id="sermons-title">
              Recent Sermons
            </Title>
          </div>
          <Button variant="light" component={Link} to={paths.sermons}>
            View All Sermons
          </Button>
        </Group>
        {isError && !sermons ? (
          <SectionError message="We couldn't load the latest sermons." onRetry={onRetry} />
        ) : !sermons ? (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={320} radius="lg" />
            ))}
          </SimpleGrid>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
            {sermons.map((s) => (
              <Card key={s.id} withBorder radius="lg" padding={0} className={classes.card} data-testid="sermon-card">
                <div className={classes.sermonThumb}>
                  <Text fw={700} size="sm" lineClamp={1}>
                    {s.series ?? 'Sunday Message'}
                  </Text>
                  {s.duration && (
                    <Badge color="dark" variant="filled" leftSection={<IconClock size={12} />}>
                      {s.duration}
                    </Badge>
                  )}
                </div>
                <Stack gap={6} p="lg" style={{ flex: 1 }}>
                  <Title order={3} fz="lg" lineClamp={2}>
                    {s.title}
                  </Title>
                  <Text size="sm" c="dimmed" lineClamp={3}>
                    {s.description}
                  </Text>
                  <Text size="sm" fw={600}>
                    {s.preacher}
                  </Text>
                  <Group justify="space-between" mt="auto">
                    <Text size="xs" c="dimmed">
                      {formatLongDate(s.date, timeZone)}
                    </Text>
                    <Group gap={4}>
                      <IconEye size={14} aria-hidden />
                      <Text size="xs" c="dimmed">
                        {formatCount(s.views)} views
                      </Text>
                    </Group>
                  </Group>
                  <Button mt="sm" leftSection={<IconPlayerPlay size={16} />} component={Link} to={paths.sermon(s.id)} variant="light">
                    Watch Sermon
                  </Button>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Container>
    </section>
  );
}
