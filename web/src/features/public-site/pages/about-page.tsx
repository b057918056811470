import { Avatar, Card, Container, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PHOTO_WIDTHS, imageSrc, imageSrcSet } from '@church/contract/site-content-constants';
import type { PublicSettings } from '@church/contract/settings';
import { EmptySectionHint } from '../../../components/site/empty-section-hint';
import { publicSettingsQuery } from '../../../components/site/public-settings-query';
import { PublicPage } from '../../../components/site/public-page';
import { SectionError } from '../components/section-error';

/** /about: the church's story, founders, mission, vision and values — each shown once the church has written it. */
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
          <AboutContent data={data} />
        )}
      </Container>
    </PublicPage>
  );
}

const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

/** The page's content: also the editor's live preview of the About tab. */
export function AboutContent({
  data,
}: {
  data: Pick<PublicSettings, 'story' | 'founders' | 'mission' | 'vision' | 'coreValues' | 'denomination' | 'pastorName'>;
}) {
  const empty = !data.story && !data.founders.length && !data.mission && !data.vision && !data.coreValues.length;
  if (empty) return <EmptySectionHint what="About Us" tab="about" />;
  return (
    <Stack gap={48}>
      {(data.story || data.denomination) && (
        <Stack gap="sm">
          <Title order={2}>Our Story</Title>
          {paragraphs(data.story).map((p, i) => (
            <Text key={i} fz="lg" lh={1.7}>
              {p}
            </Text>
          ))}
          {(data.denomination || data.pastorName) && (
            <Text c="dimmed">{[data.denomination, data.pastorName && `Led today by ${data.pastorName}`].filter(Boolean).join(' · ')}</Text>
          )}
        </Stack>
      )}
      {data.founders.length > 0 && (
        <Stack gap="md">
          <Title order={2}>Our Founders</Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            {data.founders.map((f, i) => (
              <Card key={i} withBorder radius="lg" padding="lg" data-testid="founder">
                <Group wrap="nowrap" align="flex-start">
                  {f.photoUrl ? (
                    <img
                      src={imageSrc(f.photoUrl, 320)}
                      srcSet={imageSrcSet(f.photoUrl, PHOTO_WIDTHS)}
                      sizes="96px"
                      alt={f.name}
                      width={96}
                      height={96}
                      style={{ borderRadius: '50%', objectFit: 'cover', flex: 'none' }}
                    />
                  ) : (
                    <Avatar size={96} radius="xl" color="navy" alt="">
                      {f.name.slice(0, 1)}
                    </Avatar>
                  )}
                  <Stack gap={4}>
                    <Text fw={700} fz="lg">
                      {f.name}
                    </Text>
                    {f.role && (
                      <Text size="sm" c="gold.8" fw={600}>
                        {f.role}
                      </Text>
                    )}
                    {f.bio && (
                      <Text size="sm" c="dimmed">
                        {f.bio}
                      </Text>
                    )}
                  </Stack>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>
      )}
      {(data.mission || data.vision) && (
        <SimpleGrid cols={{ base: 1, sm: data.mission && data.vision ? 2 : 1 }} spacing="lg">
          {data.mission && (
            <Card withBorder radius="lg" padding="xl">
              <Title order={3}>Our Mission</Title>
              <Text mt="sm">{data.mission}</Text>
            </Card>
          )}
          {data.vision && (
            <Card withBorder radius="lg" padding="xl">
              <Title order={3}>Our Vision</Title>
              <Text mt="sm">{data.vision}</Text>
            </Card>
          )}
        </SimpleGrid>
      )}
      {data.coreValues.length > 0 && (
        <Stack gap="md">
          <Title order={2}>Our Core Values</Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {data.coreValues.map((v, i) => (
              <Card key={i} withBorder radius="lg" padding="lg">
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
  );
}
