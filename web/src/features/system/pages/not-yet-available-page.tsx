import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link, useMatches } from 'react-router';
import { paths } from '../../../config/paths';

/**
 * Routes whose screens arrive with a later release (pastor area, developer
 * portal): the route, its guard and its title exist; the page says plainly
 * that it is not available yet instead of pretending.
 */
export function NotYetAvailablePage({ title: given }: { title?: string }) {
  const matches = useMatches();
  const title = given ?? (matches.at(-1)?.handle as { title?: string } | undefined)?.title ?? 'This page';
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center">
        <Title order={1}>{title}</Title>
        <Text c="dimmed">This part of the platform is not available in this version yet.</Text>
        <Button component={Link} to={paths.home} variant="light">
          Go Home
        </Button>
      </Stack>
    </Container>
  );
}
