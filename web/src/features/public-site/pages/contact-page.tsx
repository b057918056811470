import { Anchor, Card, Container, Grid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { SERVICE_DAY_TITLES } from '@church/contract/settings-constants';
import { publicSettingsQuery } from '../../../components/site/public-settings-query';
import { PublicPage } from '../../../components/site/public-page';
import { QuickContactForm } from '../components/quick-contact-dialog';
import { SectionError } from '../components/section-error';

/** /contact: the church's contact details and the same contact form as the Quick Contact dialog. */
export function ContactPage() {
  const { data, isError, refetch } = useQuery(publicSettingsQuery);
  return (
    <PublicPage title="Contact Us" subtitle="We'd love to hear from you — questions, prayer, or just to say hello.">
      <Container size="lg" py={56}>
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Card withBorder radius="lg" padding="xl">
              <Title order={2} fz="xl" mb="md">
                Send us a message
              </Title>
              <QuickContactForm />
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            {isError && !data ? (
              <SectionError message="We couldn't load our contact details." onRetry={() => refetch()} />
            ) : !data ? (
              <Skeleton height={280} radius="lg" />
            ) : (
              <Stack gap="lg">
                <Info label="Address">{data.address || '—'}</Info>
                <Info label="Phone">{data.phone ? <Anchor href={`tel:${data.phone.replace(/\s/g, '')}`}>{data.phone}</Anchor> : '—'}</Info>
                <Info label="Email">{data.email ? <Anchor href={`mailto:${data.email}`}>{data.email}</Anchor> : '—'}</Info>
                <Info label="Pastor">{data.pastorName || '—'}</Info>
                <Info label="Service Times">
                  {(['sunday', 'wednesday', 'friday'] as const)
                    .filter((d) => data.serviceTimes[d].time)
                    .map((d) => (
                      <Text key={d} size="sm">
                        {SERVICE_DAY_TITLES[d]}: {data.serviceTimes[d].time}
                      </Text>
                    ))}
                </Info>
              </Stack>
            )}
          </Grid.Col>
        </Grid>
      </Container>
    </PublicPage>
  );
}

function Info({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" tt="uppercase" fw={700} c="dimmed">
        {label}
      </Text>
      <Text component="div">{children}</Text>
    </div>
  );
}
