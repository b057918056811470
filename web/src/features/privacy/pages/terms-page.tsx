import { Anchor, Container, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { EmptySectionHint } from '../../../components/site/empty-section-hint';
import { publicSettingsQuery } from '../../../components/site/public-settings-query';
import { PublicPage } from '../../../components/site/public-page';
import { RichText } from '../../../components/site/rich-text';
import { paths } from '../../../config/paths';
import { SectionError } from '../../public-site/components/section-error';

/** /terms: the church's Terms of Service as it wrote them on /settings (Legal). */
export function TermsPage() {
  const { data, isError, refetch } = useQuery(publicSettingsQuery);
  return (
    <PublicPage title="Terms of Service">
      <Container size="md" py={56}>
        {isError && !data ? (
          <SectionError message="We couldn't load the terms." onRetry={() => refetch()} />
        ) : !data ? (
          <Stack>
            <Skeleton height={24} width="40%" />
            <Skeleton height={160} />
          </Stack>
        ) : data.terms ? (
          <RichText html={data.terms} testId="terms" />
        ) : (
          <Stack>
            <EmptySectionHint what="Terms of Service" tab="legal" />
            <Text>
              {data.churchName} has not published terms of service. How we look after your personal information is in our{' '}
              <Anchor component={Link} to={paths.privacy}>
                Privacy Notice
              </Anchor>
              .
            </Text>
          </Stack>
        )}
      </Container>
    </PublicPage>
  );
}
