import { Alert, Button, Card, Center, Group, Loader, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { SERVICE_LIMITS, SERVICE_TEXTS } from '@church/contract/services';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { respondLinkQuery, useRespondByLink } from '../api';
import { formatDay } from '../format';

/** The page an e-mail's link opens: accept or decline in one tap, without signing in. */
export function ServePage() {
  const { token = '' } = useParams();
  const info = useQuery(respondLinkQuery(token));
  const answer = useRespondByLink();
  const [reason, setReason] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const send = async (response: 'accept' | 'decline') => {
    try {
      const r = await answer.mutateAsync({
        token,
        body: { response, reason: response === 'decline' ? reason.trim() || undefined : undefined },
      });
      setDone(r.message);
    } catch (err) {
      setDone(null);
      answer.reset();
      notify.error(err instanceof ApiError ? err.message : 'Could not save your answer');
    }
  };
  return (
    <Center mih="100vh" p="md">
      <Card withBorder radius="md" maw={480} w="100%" component="main">
        {info.isLoading && <Loader aria-label="Loading" />}
        {info.isError && (
          <Alert color="red">{info.error instanceof ApiError ? info.error.message : 'This link could not be opened.'}</Alert>
        )}
        {info.data && (
          <Stack>
            <Title order={1} size="h3">
              Can you serve?
            </Title>
            <Text>
              {info.data.personName}, you are asked to serve as <b>{info.data.positionName}</b> ({info.data.teamName}) at{' '}
              {info.data.service.title}, {formatDay(info.data.service.date)} at {info.data.service.time}.
            </Text>
            {done ? (
              <Alert color="green">{done}</Alert>
            ) : info.data.status !== 'pending' ? (
              <Alert color="blue">{SERVICE_TEXTS.notPending}</Alert>
            ) : (
              <>
                <Textarea
                  label="Reason if you decline (optional)"
                  maxLength={SERVICE_LIMITS.reasonMax}
                  value={reason}
                  onChange={(e) => setReason(e.currentTarget.value)}
                />
                <Group grow>
                  <Button color="green" size="lg" loading={answer.isPending} onClick={() => send('accept')}>
                    Accept
                  </Button>
                  <Button color="red" variant="light" size="lg" loading={answer.isPending} onClick={() => send('decline')}>
                    Decline
                  </Button>
                </Group>
              </>
            )}
          </Stack>
        )}
      </Card>
    </Center>
  );
}
