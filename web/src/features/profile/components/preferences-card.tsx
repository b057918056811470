import { Alert, Button, Card, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ConsentKind } from '@church/contract/consents';
import { notify } from '../../../lib/notify';
import { preferencesQuery, useUpdatePreferences } from '../api/preferences';

const dateFmt = new Intl.DateTimeFormat('en-ZA', { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * Message and privacy preferences: each switch is a consent, saved at once
 * with its wording and date (the server keeps the history).
 */
export function PreferencesCard() {
  const query = useQuery(preferencesQuery());
  const update = useUpdatePreferences();

  const toggle = (kind: ConsentKind, granted: boolean) =>
    update.mutate(
      { preferences: [{ kind, granted }] },
      {
        onSuccess: (res) => notify.success(res.message),
        onError: (err) => notify.error(err.message),
      },
    );

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="preferences-title">
      <Title order={4} id="preferences-title" mb="xs">
        Message & privacy preferences
      </Title>
      {query.isPending ? (
        <Stack gap="sm">
          <Skeleton height={20} />
          <Skeleton height={20} />
        </Stack>
      ) : query.isError ? (
        <Alert color="red" title="Failed to load your preferences">
          <Button size="xs" color="red" variant="light" onClick={() => query.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : (
        <Stack gap="md">
          {query.data.map((p) => (
            <Switch
              key={p.kind}
              checked={p.granted}
              disabled={update.isPending}
              onChange={(e) => toggle(p.kind, e.currentTarget.checked)}
              label={p.label}
              description={
                <>
                  <Text span size="xs">
                    {p.wording}
                  </Text>
                  {p.decidedAt && (
                    <Text span size="xs" c="dimmed" display="block">
                      Your choice since {dateFmt.format(new Date(p.decidedAt))}
                    </Text>
                  )}
                </>
              }
            />
          ))}
        </Stack>
      )}
    </Card>
  );
}
