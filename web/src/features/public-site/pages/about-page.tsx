import { Card, Container, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { publicSettingsQuery } from '../../../components/site/public-settings-query';
import { PublicPage } from '../../../components/site/public-page';
import { SectionError } from '../components/section-error';

/** /about: the church's story, mission, vision and values, all from the settings. */
export function AboutPage() {
  const { data, isError, refetch } = useQuery(publicSettingsQuery);
  return (
    <PublicPage title="About Us" subtitle={data?.description}>
      <Container size="md" py={56}>
        {isError && !data ? (
          <SectionError message="We couldn't load our story." onRetry={() => refetch()} />
        ) : !data ? (
          <Stack>
            <Skeleton height={24} width="40%" />
            <Skeleton height={120} />
          </Stack>
        ) : (
          <Stack gap={48}>
            <Stack gap="sm">
              <Title order={2}>Our Story</Title>
              {(data.story || data.description)
                .split(/\n\s*\n/)
                .filter(Boolean)
                .map((p, i) => (
                  <Text key={i} fz="lg" lh={1.7}>
                    {p}
                  </Text>
                ))}
              {data.founders && (
                <Text c="dimmed">
                  Founded in {data.founded} by {data.founders}. Led today by {data.pastorName || 'our pastoral team'}.
                </Text>
              )}
            </Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
              <Card withBorder radius="lg" padding="xl">
                <Title order={3}>Our Mission</Title>
                <Text mt="sm">{data.mission || '—'}</Text>
              </Card>
              <Card withBorder radius="lg" padding="xl">
                <Title order={3}>Our Vision</Title>
                <Text mt="sm">{data.vision || '—'}</Text>
              </Card>
            </SimpleGrid>
            {data.coreValues.length > 0 && (
              <Stack gap="md">
                <Title order={2}>Our Core Values</Title>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  {data.coreValues.map((v) => (
                    <Card key={v.title} withBorder radius="lg" padding="lg">
                      <Text fw={700}>{v.title}</Text>
                      <Text size="sm" c="dimmed" mt={4}>
                        {v.description}
                      </Text>
                    </Card>
                  ))}
                </SimpleGrid>
              </Stack>
            )}
          </Stack>
        )}
      </Container>
    </PublicPage>
  );
}
