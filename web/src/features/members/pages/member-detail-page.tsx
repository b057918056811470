import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Timeline,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconEdit, IconSend, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { HOUSEHOLD_ROLES, MEMBER_TEXTS, type MemberDetail } from '@church/contract/members-manage';
import { grantableRoles } from '@church/contract/roles';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { householdsQuery, memberQuery, useSetHousehold, useSetMemberRole } from '../api/members';
import { DeleteMemberModal } from '../components/delete-member-modal';
import { InviteDialog } from '../components/invite-dialog';
import { INVITATION_TEXTS } from '@church/contract/invitations';
import { MemberPermissionsCard } from '../components/member-permissions-card';
import { RoleBadge, StatusBadge, capitalize } from '../components/member-badges';
import { formatPhone } from '@church/contract/rules/phone';

const when = (iso: string) => new Date(iso).toLocaleString('en-ZA', { dateStyle: 'medium', timeStyle: 'short' });

function Field({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {/* A long e-mail address wraps inside its column instead of running under the next field. */}
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value || '—'}
      </Text>
    </div>
  );
}

function RoleControl({ member }: { member: MemberDetail['member'] }) {
  const { user } = useSession();
  const change = useSetMemberRole();
  const roles = grantableRoles(user);
  const mayChange = roles.includes(member.role as never);
  const onChange = async (role: string | null) => {
    if (!role || role === member.role) return;
    try {
      await change.mutateAsync({ id: member.id, role });
      notify.success(MEMBER_TEXTS.roleUpdated);
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 403)) notify.error(MEMBER_TEXTS.roleFailed);
    }
  };
  return (
    <Select
      label="Role"
      w={180}
      data={(mayChange ? roles : [member.role]).map((r) => ({ value: r, label: capitalize(r) }))}
      value={member.role}
      onChange={onChange}
      disabled={!mayChange || change.isPending}
      allowDeselect={false}
      description={mayChange ? undefined : 'Only an administrator can change this role'}
    />
  );
}

function HouseholdCard({ detail }: { detail: MemberDetail }) {
  const { member, household } = detail;
  const setHousehold = useSetHousehold(member.id);
  const [mode, setMode] = useState<'existing' | 'new'>('existing');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [picked, setPicked] = useState<string | null>(null);
  const [newName, setNewName] = useState(`${member.name.split(' ').slice(-1)[0]} family`);
  const [role, setRole] = useState<string>('other');
  const list = useQuery({ ...householdsQuery(debounced), enabled: !household && mode === 'existing' });

  const save = async (body: Parameters<typeof setHousehold.mutateAsync>[0], done: string) => {
    try {
      await setHousehold.mutateAsync(body);
      notify.success(done);
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 403))
        notify.error(err instanceof ApiError ? err.message : 'Failed to update household');
    }
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb="sm">
        Household
      </Title>
      {household ? (
        <Stack gap="sm">
          <Text fw={600}>{household.name}</Text>
          <Table>
            <Table.Tbody>
              {household.members.map((m) => (
                <Table.Tr key={m.id}>
                  <Table.Td>
                    {m.id === member.id ? (
                      <Text size="sm" fw={600}>
                        {m.name}
                      </Text>
                    ) : (
                      <Anchor component={Link} to={paths.member(m.id)} size="sm">
                        {m.name}
                      </Anchor>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{m.householdRole ? capitalize(m.householdRole) : '—'}</Text>
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={m.status} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group>
            <Button
              variant="default"
              size="xs"
              loading={setHousehold.isPending}
              onClick={() => save({ householdId: null }, 'Removed from the household')}
            >
              Remove from household
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Not linked to a household.
          </Text>
          <SegmentedControl
            value={mode}
            onChange={(v) => setMode(v as 'existing' | 'new')}
            data={[
              { value: 'existing', label: 'Existing household' },
              { value: 'new', label: 'New household' },
            ]}
            w="fit-content"
          />
          <Group align="flex-end" wrap="wrap">
            {mode === 'existing' ? (
              <Select
                label="Household"
                placeholder="Search households"
                searchable
                searchValue={search}
                onSearchChange={setSearch}
                data={(list.data ?? []).map((h) => ({ value: h.id, label: `${h.name} (${h.memberCount})` }))}
                value={picked}
                onChange={setPicked}
                nothingFoundMessage={debounced ? 'No household with that name' : 'Type to search'}
                filter={({ options }) => options}
                w={260}
              />
            ) : (
              <TextInput label="Household name" value={newName} onChange={(e) => setNewName(e.currentTarget.value)} w={260} />
            )}
            <Select
              label="Place in household"
              data={HOUSEHOLD_ROLES.map((r) => ({ value: r, label: capitalize(r) }))}
              value={role}
              onChange={(v) => setRole(v ?? 'other')}
              allowDeselect={false}
              w={160}
            />
            <Button
              loading={setHousehold.isPending}
              disabled={mode === 'existing' ? !picked : !newName.trim()}
              onClick={() =>
                save(
                  mode === 'existing'
                    ? { householdId: picked, householdRole: role }
                    : { newHouseholdName: newName.trim(), householdRole: role },
                  'Household updated',
                )
              }
            >
              Link to household
            </Button>
          </Group>
        </Stack>
      )}
    </Card>
  );
}

/** /members/{id}: the member's details, role, household and status history. */
export function MemberDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const q = useQuery(memberQuery(id));
  const [deleting, setDeleting] = useState(false);
  const [inviting, setInviting] = useState(false);
  useEffect(() => {
    if (q.isError) notify.error(MEMBER_TEXTS.getFailed);
  }, [q.isError]);

  if (q.isPending)
    return (
      <Stack>
        <Title order={1}>Member Details</Title>
        <Skeleton height={420} />
      </Stack>
    );
  if (q.isError)
    return (
      <Stack>
        <Title order={1}>Member Details</Title>
        <Alert color="red" title={q.error instanceof ApiError && q.error.status === 404 ? 'Member not found' : MEMBER_TEXTS.getFailed}>
          <Anchor component={Link} to={paths.members}>
            Back to members
          </Anchor>
        </Alert>
      </Stack>
    );

  const { member, statusHistory } = q.data;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Anchor component={Link} to={paths.members} size="sm">
            ← Members
          </Anchor>
          <Title order={1}>{member.name}</Title>
          <Group gap="xs">
            <RoleBadge role={member.role} />
            <StatusBadge status={member.status} />
          </Group>
        </Stack>
        <Group>
          {!member.hasAccount && (
            <Button variant="light" leftSection={<IconSend size={16} />} onClick={() => setInviting(true)}>
              {INVITATION_TEXTS.button}
            </Button>
          )}
          <Button component={Link} to={paths.memberEdit(member.id)} leftSection={<IconEdit size={16} />} variant="default">
            Edit
          </Button>
          <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={() => setDeleting(true)}>
            Delete
          </Button>
        </Group>
      </Group>

      <Card withBorder radius="md" padding="lg">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          <Field
            label="Email"
            value={
              member.email || member.pendingEmailChange ? (
                <>
                  {member.email && <Anchor href={`mailto:${member.email}`}>{member.email}</Anchor>}
                  {member.pendingEmailChange && (
                    <Text component="span" display="block" size="sm" c="orange.9" data-testid="pending-email-change">
                      {MEMBER_TEXTS.emailWaiting(member.pendingEmailChange.email)}
                    </Text>
                  )}
                </>
              ) : null
            }
          />
          <Field label="Phone" value={member.phone ? formatPhone(member.phone) : member.phone} />
          <Field label="Address" value={member.address} />
          <Field label="Date of birth" value={member.dateOfBirth} />
          <Field label="Join date" value={member.joinDate} />
          <Field label="Gender" value={member.gender && capitalize(member.gender)} />
          <Field label="Marital status" value={member.maritalStatus && capitalize(member.maritalStatus)} />
          <Field label="Occupation" value={member.occupation} />
          <Field label="Emergency contact" value={member.emergencyContact} />
          <Field label="Volunteer" value={member.isVolunteer ? 'Yes' : 'No'} />
          <Field label="Last contacted" value={member.lastContacted && when(member.lastContacted)} />
        </SimpleGrid>
        {member.notes && (
          <Stack gap={2} mt="md">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Notes
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {member.notes}
            </Text>
          </Stack>
        )}
        <Group mt="md">
          <RoleControl member={member} />
        </Group>
      </Card>

      <MemberPermissionsCard member={member} />

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <HouseholdCard detail={q.data} />
        <Card withBorder radius="md" padding="lg">
          <Title order={2} size="h4" mb="sm">
            Status history
          </Title>
          {statusHistory.length === 0 ? (
            <Text size="sm" c="dimmed">
              No status changes recorded.
            </Text>
          ) : (
            <Timeline bulletSize={14} lineWidth={2} active={0} data-testid="status-history">
              {statusHistory.map((h) => (
                <Timeline.Item
                  key={h.id}
                  title={h.fromStatus ? `${capitalize(h.fromStatus)} → ${capitalize(h.toStatus)}` : `Added as ${h.toStatus}`}
                >
                  <Text size="xs" c="dimmed">
                    {when(h.at)} by {h.changedByName}
                  </Text>
                  {h.reason && <Text size="sm">Reason: {h.reason}</Text>}
                </Timeline.Item>
              ))}
            </Timeline>
          )}
        </Card>
      </SimpleGrid>
      <InviteDialog memberId={member.id} name={member.name} email={member.email} opened={inviting} onClose={() => setInviting(false)} />
      <DeleteMemberModal member={deleting ? member : null} onClose={() => setDeleting(false)} onDeleted={() => navigate(paths.members)} />
    </Stack>
  );
}
