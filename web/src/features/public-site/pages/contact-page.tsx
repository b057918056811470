import { Anchor, Card, Container, Grid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { serviceHours, servicesByDay } from '../components/service-list';
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
                {data.address && <Info label="Address">{data.address}</Info>}
                {data.phone && (
                  <Info label="Phone">
                    <Anchor href={`tel:${data.phone.replace(/\s/g, '')}`}>{data.phone}</Anchor>
                  </Info>
                )}
                {data.email && (
                  <Info label="Email">
                    <Anchor href={`mailto:${data.email}`}>{data.email}</Anchor>
                  </Info>
                )}
                {data.pastorName && <Info label="Pastor">{data.pastorName}</Info>}
                {data.services.length > 0 && (
                  <Info label="Service Times">
                    {servicesByDay(data.services).flatMap(({ day, label, services }) =>
                      services.map((s, i) => (
                        <Text key={`${day}-${i}`} size="sm">
                          {label} {serviceHours(s)}: {s.name}
                          {s.language ? ` (${s.language})` : ''}
                        </Text>
                      )),
                    )}
                  </Info>
                )}
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
