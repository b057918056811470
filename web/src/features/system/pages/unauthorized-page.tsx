import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

export function UnauthorizedPage() {
  return (
    <Container component="main" size="sm" py={80}>
      <Stack align="center" ta="center">
        <Title order={1}>Developer access required</Title>
        <Text c="dimmed">This page is for developer accounts. Sign in with a developer account, or create one to get API access.</Text>
        <Group>
          <Button component={Link} to={paths.developerLogin}>
            Developer Login
          </Button>
          <Button component={Link} to={paths.developerRegister} variant="light">
            Create a developer account
          </Button>
          <Button component={Link} to={paths.home} variant="subtle">
            Go Home
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
