import { Alert, Button, Card, Group, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { DEV_TEXTS } from '@church/contract/developer-texts';
import { ApiError } from '../../../lib/api-client';
import { devNotify } from '../../../lib/notify';
import { testApiConnection } from '../api/developer-api';

/** Why a connection test failed, in words a developer can act on. */
function reason(err: unknown) {
  if (err instanceof ApiError) return err.message;
  if (err instanceof TypeError) return 'The server could not be reached. Check your network and try again.';
  return 'The server answered with something other than the plans.';
}

/** Spec 002 §7.11: GET /api/plans as a connection test; a failure shows 'API Connection Failed' (§8). */
export function ApiConnectionTest() {
  const test = useMutation({
    mutationFn: testApiConnection,
    onError: () => devNotify.error(DEV_TEXTS.apiConnectionFailed),
  });
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="api-connection-title">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div>
          <Text fw={600} id="api-connection-title">
            API connection
          </Text>
          <Text size="sm" c="gray.7">
            Calls GET /api/plans on {window.location.origin} to check the API answers.
          </Text>
        </div>
        <Button variant="light" onClick={() => test.mutate()} loading={test.isPending}>
          Test connection
        </Button>
      </Group>
      {test.isSuccess && (
        <Alert color="green" mt="sm" data-testid="api-connection-result">
          API connected: {test.data.plans} plans answered in {test.data.ms} ms.
        </Alert>
      )}
      {test.isError && (
        <Alert color="red" mt="sm" title={DEV_TEXTS.apiConnectionFailed} data-testid="api-connection-result">
          {reason(test.error)}
        </Alert>
      )}
    </Card>
  );
}
