import { Alert, Button, Card, MultiSelect, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { ROLE_BADGE_LABELS, type Role } from '@church/contract/roles';

/** The badge calls a superadmin 'Pastor' (the senior pastor); here the two must differ. */
const roleLabel = (r: Role) => (r === 'superadmin' ? 'Senior pastor (superadmin)' : ROLE_BADGE_LABELS[r]);
import { useQuery } from '@tanstack/react-query';
import type { SecuritySettings } from '@church/contract/security-settings';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { securitySettingsQuery, useSaveSecuritySettings } from '../api/security-settings';

/** Roles a church may require a second factor of: the congregation's and staff roles (developers sign in to their portal alike). */
const TWO_FACTOR_ROLES: readonly Role[] = ['superadmin', 'admin', 'pastor', 'elder', 'deacon', 'volunteer', 'member', 'developer'];

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
      <Card withBorder radius="md" p="md">
        <MultiSelect
          label="Require two-factor sign-in for these roles"
          description="People in these roles must sign in with an authenticator app as well as their password. Until they set it up they can reach only their profile, where the card explains how. Roles that reach money or everyone’s data (administrators, and anyone you made treasurer) are the ones to list."
          data={TWO_FACTOR_ROLES.map((r) => ({ value: r, label: roleLabel(r) }))}
          value={q.data.twoFactorRequiredRoles}
          disabled={save.isPending}
          clearable
          onChange={(roles) =>
            change(
              { twoFactorRequiredRoles: roles as Role[] },
              roles.length
                ? 'Two-factor sign-in is now required for the chosen roles'
                : 'Two-factor sign-in is no longer required for any role',
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
