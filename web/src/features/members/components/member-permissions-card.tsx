import { Alert, Button, Card, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { GRANTABLE_PERMISSION_TEXTS, PERMISSION_TEXTS } from '@church/contract/member-permissions';
import { GRANT_INCLUDES, GRANTABLE_PERMISSIONS, can, type GrantablePermission } from '@church/contract/roles';
import type { MemberRecord } from '@church/contract/users';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useSetMemberPermissions } from '../api/members';
import { capitalize } from './member-badges';

const grantedOf = (m: Pick<MemberRecord, 'permissions'>) => GRANTABLE_PERMISSIONS.filter((p) => m.permissions.includes(p));
/** The granted permission that brings `p` with it (finance:manage brings finance:read). */
const includer = (p: GrantablePermission, granted: readonly GrantablePermission[]) =>
  granted.find((g) => g !== p && GRANT_INCLUDES[g]?.includes(p));

/**
 * Finance access on a member's page: an administrator makes someone the
 * treasurer (or lets them see giving) without changing their role. Shown to
 * administrators, and read-only to other leaders when the person holds a grant.
 */
export function MemberPermissionsCard({ member }: { member: MemberRecord }) {
  const { user } = useSession();
  const save = useSetMemberPermissions();
  const stored = grantedOf(member);
  const [granted, setGranted] = useState<GrantablePermission[]>(stored);
  const storedKey = stored.join(',');
  useEffect(() => setGranted(storedKey ? (storedKey.split(',') as GrantablePermission[]) : []), [storedKey]);

  const mayGrant = can(user, 'permissions:grant');
  const yourself = user?.id === member.id;
  if (!mayGrant && stored.length === 0) return null;
  const editable = mayGrant && !yourself;
  const changed = granted.join(',') !== storedKey;

  const toggle = (p: GrantablePermission, on: boolean) =>
    setGranted((g) => GRANTABLE_PERMISSIONS.filter((x) => (x === p ? on : g.includes(x))));
  const onSave = async () => {
    try {
      await save.mutateAsync({ id: member.id, permissions: granted });
      notify.success(PERMISSION_TEXTS.updated);
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 403)) notify.error(err instanceof ApiError ? err.message : PERMISSION_TEXTS.failed);
    }
  };

  return (
    <Card withBorder radius="md" padding="lg" data-testid="member-permissions">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {PERMISSION_TEXTS.title}
        </Title>
        <Text size="sm" c="dimmed" maw={720}>
          {PERMISSION_TEXTS.intro}
        </Text>
        {GRANTABLE_PERMISSIONS.map((p) => {
          const byRole = can({ role: member.role }, p);
          const via = includer(p, granted);
          const text = GRANTABLE_PERMISSION_TEXTS[p];
          const note = byRole
            ? PERMISSION_TEXTS.fromRole(capitalize(member.role))
            : via
              ? PERMISSION_TEXTS.includedIn(GRANTABLE_PERMISSION_TEXTS[via].label)
              : null;
          return (
            <Checkbox
              key={p}
              label={text.label}
              description={note ? `${text.description} ${note}.` : text.description}
              checked={byRole || granted.includes(p) || !!via}
              disabled={!editable || byRole || !!via || save.isPending}
              onChange={(e) => toggle(p, e.currentTarget.checked)}
            />
          );
        })}
        {yourself && mayGrant && (
          <Alert color="gray" variant="light">
            {PERMISSION_TEXTS.notYourself}
          </Alert>
        )}
        {!mayGrant && (
          <Text size="sm" c="dimmed">
            {PERMISSION_TEXTS.onlyAdmins}.
          </Text>
        )}
        {editable && (
          <Group>
            <Button onClick={onSave} loading={save.isPending} disabled={!changed}>
              Save finance access
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
