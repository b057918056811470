import { Anchor, Card, Container, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { publicSettingsQuery } from '../../../components/site/public-settings-query';
import { PublicPage } from '../../../components/site/public-page';
import { SectionError } from '../../public-site/components/section-error';
import { standardNotice } from '../standard-notice';
import { RichText } from '../../../components/site/rich-text';

/** /privacy: the church's privacy notice and its Information Officer (POPIA), from the settings. */
export function PrivacyPage() {
  const { data, isError, refetch } = useQuery(publicSettingsQuery);
  const officer = data?.privacy;
  // The church's own notice (sanitised HTML from the server), or the standard one until it writes it.
  const standard =
    data && !officer?.notice.trim()
      ? standardNotice(data.churchName)
          .split(/\n\s*\n/)
          .filter(Boolean)
      : [];
  return (
    <PublicPage title="Privacy Notice" subtitle="How we look after your personal information">
      <Container size="md" py={56}>
        {isError && !data ? (
          <SectionError message="We couldn't load the privacy notice." onRetry={() => refetch()} />
        ) : !data ? (
          <Stack>
            <Skeleton height={24} width="40%" />
            <Skeleton height={160} />
          </Stack>
        ) : (
          <Stack gap="xl">
            {officer?.notice.trim() ? (
              <RichText html={officer.notice} testId="privacy-notice" />
            ) : (
              <Stack gap="sm" data-testid="privacy-notice">
                {standard.map((p, i) => (
                  <Text key={i} lh={1.7}>
                    {p}
                  </Text>
                ))}
              </Stack>
            )}
            <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="officer-title">
              <Title order={2} size="h3" id="officer-title">
                Information Officer
              </Title>
              {officer?.officerName || officer?.officerEmail ? (
                <Stack gap={4} mt="sm">
                  {officer.officerName && <Text fw={600}>{officer.officerName}</Text>}
                  {officer.officerEmail && <Anchor href={`mailto:${officer.officerEmail}`}>{officer.officerEmail}</Anchor>}
                  {officer.officerPhone && <Text>{officer.officerPhone}</Text>}
                </Stack>
              ) : (
                <Text mt="sm">
                  Contact the church office
                  {data.email ? (
                    <>
                      {' '}
                      at <Anchor href={`mailto:${data.email}`}>{data.email}</Anchor>
                    </>
                  ) : null}
                  .
                </Text>
              )}
              <Text size="sm" c="dimmed" mt="sm">
                If you are not satisfied with how we handle your information, you may complain to the Information Regulator (South Africa)
                at complaints.IR@justice.gov.za.
              </Text>
            </Card>
          </Stack>
        )}
      </Container>
    </PublicPage>
  );
}
