import { Alert, Button, Center, Container, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { unsubscribe, unsubscribeInfo } from '../api/messaging';

/**
 * /unsubscribe/{token}: the link at the foot of every bulk e-mail. No sign-in:
 * the token names one recipient. A button confirms, so a mail scanner that
 * opens links does not unsubscribe anyone; mail clients use the one-click POST.
 */
export function UnsubscribePage() {
  const { token = '' } = useParams();
  const info = useQuery({ queryKey: ['unsubscribe', token], queryFn: () => unsubscribeInfo(token), retry: false });
  const done = useMutation({ mutationFn: () => unsubscribe(token) });
  const d = info.data?.data;
  return (
    <Container size="xs" py="xl">
      <Paper withBorder radius="lg" p="lg">
        <Stack>
          <Title order={1} size="h3">
            Unsubscribe from church e-mail
          </Title>
          {info.isLoading ? (
            <Center>
              <Loader aria-label="Loading" />
            </Center>
          ) : info.isError ? (
            <Alert color="red">{(info.error as Error).message}</Alert>
          ) : done.isSuccess ? (
            <Alert color="green" title="Done">
              {done.data.message} You can turn e-mail back on at any time under Message preferences on your profile.
            </Alert>
          ) : d?.alreadyUsed ? (
            <Alert color="blue">This unsubscribe link has already been used.</Alert>
          ) : (
            <>
              <Text>
                {d?.churchName} will stop sending e-mail to <strong>{d?.maskedEmail}</strong>. You will still see messages in the app when
                you sign in.
              </Text>
              {done.isError && <Alert color="red">{(done.error as Error).message}</Alert>}
              <Button color="red" loading={done.isPending} onClick={() => done.mutate()}>
                Unsubscribe
              </Button>
            </>
          )}
          <Text size="sm">
            <Link to={paths.home}>Back to the home page</Link>
          </Text>
        </Stack>
      </Paper>
    </Container>
  );
}
