import { Anchor, Button, Container, Group, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

export function NotFoundPage() {
  return (
    <Container component="main" size="sm" py={80}>
      <Stack align="center" ta="center">
        {/* Decorative: the heading below says it in words. */}
        <Text fz={72} fw={800} c="navy.5" lh={1} aria-hidden>
          404
        </Text>
        <Title order={1}>Page Not Found</Title>
        <Text c="dimmed">The page you were looking for does not exist or has moved.</Text>
        <Group>
          <Button component={Link} to={paths.home}>
            Go Home
          </Button>
          <Button component={Link} to={paths.dashboard} variant="light">
            Dashboard
          </Button>
        </Group>
        <Text fw={600} mt="md">
          Quick links
        </Text>
        <List listStyleType="none" spacing={4}>
          <List.Item>
            <Anchor component={Link} to={paths.sermons}>
              Sermons
            </Anchor>
          </List.Item>
          <List.Item>
            <Anchor component={Link} to={paths.mobile.events}>
              Events
            </Anchor>
          </List.Item>
          <List.Item>
            <Anchor component={Link} to={paths.mobile.bible}>
              Daily Bible
            </Anchor>
          </List.Item>
          <List.Item>
            <Anchor component={Link} to={paths.contact}>
              Contact us
            </Anchor>
          </List.Item>
          <List.Item>
            <Anchor component={Link} to={paths.apiDocs}>
              API Docs
            </Anchor>
          </List.Item>
        </List>
      </Stack>
    </Container>
  );
}
