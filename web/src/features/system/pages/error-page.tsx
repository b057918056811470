import { Alert, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';

/** Spec 002 §2.1: 'Something went wrong' with the status text or message; Go Home, Refresh Page, Contact Support. */
export function ErrorPage() {
  const routeError = useRouteError();
  const [params] = useSearchParams();
  let detail = params.get('message') ?? params.get('status') ?? '';
  if (routeError) {
    if (isRouteErrorResponse(routeError)) detail = `${routeError.status} ${routeError.statusText}`;
    else if (routeError instanceof Error) detail = routeError.message;
  }
  return (
    <Container component="main" size="sm" py={80}>
      <Stack align="center" ta="center">
        <Title order={1}>Something went wrong</Title>
        {detail && (
          <Alert color="red" variant="light" w="100%">
            {detail}
          </Alert>
        )}
        <Text c="dimmed">Please try again. If the problem continues, let us know.</Text>
        <Group>
          <Button component="a" href={paths.home}>
            Go Home
          </Button>
          <Button variant="light" onClick={() => window.location.reload()}>
            Refresh Page
          </Button>
          <Button variant="subtle" component="a" href={paths.contact}>
            Contact Support
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
