import { Anchor, Badge, Card, Container, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCalendarTime, IconMessageCircle, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptySectionHint } from '../../../components/site/empty-section-hint';
import { paths } from '../../../config/paths';
import { useQuery } from '@tanstack/react-query';
import { publicSettingsQuery } from '../../../components/site/public-settings-query';
import { PublicPage } from '../../../components/site/public-page';
import { SectionError } from '../components/section-error';

/** /ministries: the church's ministries from the settings, with when they meet and who leads them. */
export function MinistriesPage() {
  const { data, isError, refetch } = useQuery(publicSettingsQuery);
  return (
    <PublicPage title="Ministries" subtitle="There is a place for everyone to belong, grow and serve.">
      <Container size="lg" py={56}>
        {isError && !data ? (
          <SectionError message="We couldn't load our ministries." onRetry={() => refetch()} />
        ) : !data ? (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={200} radius="lg" />
            ))}
          </SimpleGrid>
        ) : data.ministries.length === 0 ? (
          <Stack align="center" gap="md">
            <EmptySectionHint what="Ministries" tab="about" />
            <Text ta="center">
              Want to get involved?{' '}
              <Anchor component={Link} to={paths.contact}>
                Get in touch
              </Anchor>{' '}
              and we will help you find your place.
            </Text>
          </Stack>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
            {data.ministries.map((m, i) => (
              <Card key={`${i}-${m.name}`} withBorder radius="lg" padding="xl" data-testid="ministry-card">
                <Stack gap="xs" h="100%">
                  <Title order={3} fz="xl">
                    {m.name}
                  </Title>
                  <Text c="dimmed" style={{ flex: 1 }}>
                    {m.description}
                  </Text>
                  {m.meets && (
                    <Group gap={6} wrap="nowrap">
                      <IconCalendarTime size={16} aria-hidden />
                      <Text size="sm">{m.meets}</Text>
                    </Group>
                  )}
                  {m.contact && (
                    <Group gap={6} wrap="nowrap">
                      <IconMessageCircle size={16} aria-hidden />
                      <Text size="sm">{m.contact}</Text>
                    </Group>
                  )}
                  {m.leader && (
                    <Badge variant="light" leftSection={<IconUser size={12} />} w="fit-content">
                      {m.leader}
                    </Badge>
                  )}
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Container>
    </PublicPage>
  );
}
