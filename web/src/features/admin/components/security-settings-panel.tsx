import { Alert, Button, Card, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { SecuritySettings } from '@church/contract/security-settings';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { securitySettingsQuery, useSaveSecuritySettings } from '../api/security-settings';

/** The church's security choices (issue 29): administrators only; each switch saves at once and is audited. */
export function SecuritySettingsPanel() {
  const q = useQuery(securitySettingsQuery());
  const save = useSaveSecuritySettings();
  if (q.isPending) return <Skeleton h={120} />;
  if (q.isError)
    return (
      <Alert color="red" title="Could not load the security settings">
        <Button size="xs" variant="light" onClick={() => q.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  const change = (c: Partial<SecuritySettings>, done: string) =>
    save.mutate(c, {
      onSuccess: () => notify.success(done),
      onError: (e) => notify.error(e instanceof ApiError ? e.message : 'Could not save the security settings'),
    });
  return (
    <Stack gap="md">
      <Card withBorder radius="md" p="md">
        <Switch
          label="Hide named giving from pastors"
          description="Pastors still see giving totals and funds, but not who gave what: no top givers, donations, batches or certificates. A pastor you made treasurer keeps the books."
          checked={q.data.namedGivingHiddenFromPastors}
          disabled={save.isPending}
          onChange={(e) =>
            change(
              { namedGivingHiddenFromPastors: e.currentTarget.checked },
              e.currentTarget.checked ? 'Named giving is now hidden from pastors' : 'Pastors may see named giving again',
            )
          }
        />
      </Card>
      <Card withBorder radius="md" p="md">
        <Switch
          label="Let anyone register a developer account"
          description="Off: the public developer portal accepts no new accounts; existing developers and their keys keep working."
          checked={q.data.developerSelfRegistration}
          disabled={save.isPending}
          onChange={(e) =>
            change(
              { developerSelfRegistration: e.currentTarget.checked },
              e.currentTarget.checked ? 'Anyone may register a developer account again' : 'New developer accounts are closed',
            )
          }
        />
      </Card>
      {q.data.updatedAt && (
        <Text size="xs" c="gray.7">
          Last changed {new Date(q.data.updatedAt).toLocaleString('en-ZA')}
        </Text>
      )}
    </Stack>
  );
}
