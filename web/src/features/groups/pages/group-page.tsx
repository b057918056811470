import { Alert, Anchor, Badge, Button, Card, FileButton, Grid, Group, Image, Modal, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { GROUP_TEXTS, GROUP_TYPE_LABELS, type GroupDetail, type GroupUpdateRequest } from '@church/contract/groups';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { groupQuery, useJoinGroup, useLeaveGroup, useUpdateGroup, useUploadPicture } from '../api/groups';
import { networksQuery } from '../api/networks';
import { CareAlerts } from '../components/care-alerts';
import { GroupForm } from '../components/group-form';
import { inTreeOrder } from '../components/zone-tree';
import { JoinRequests } from '../components/join-requests';
import { MeetingsCard } from '../components/meetings-card';
import { MembersList } from '../components/members-list';
import { scheduleLine } from '../components/schedule';

const failure = (err: unknown, fallback: string) =>
  err instanceof ApiError && err.status < 500 && err.status !== 403 ? err.message : fallback;

function Actions({ group }: { group: GroupDetail }) {
  const join = useJoinGroup();
  const leave = useLeaveGroup();
  const update = useUpdateGroup(group.id);
  const picture = useUploadPicture(group.id);
  const [editing, setEditing] = useState(false);
  const zones = useQuery({ ...networksQuery(), enabled: group.view === 'manager' });
  const navigate = useNavigate();
  const run = async (action: () => Promise<unknown>, done: string, failed: string) => {
    try {
      await action();
      notify.success(done);
    } catch (err) {
      notify.error(failure(err, failed));
    }
  };
  return (
    <Group gap="xs">
      {group.view === 'outsider' && group.isOpen && (
        <Button
          onClick={() => run(() => join.mutateAsync({ id: group.id, message: '' }), GROUP_TEXTS.requested, 'Failed to send your request')}
          loading={join.isPending}
        >
          Ask to join
        </Button>
      )}
      {group.myStatus === 'requested' && (
        <>
          <Badge color="yellow" variant="light" size="lg">
            Request sent
          </Badge>
          <Button
            variant="default"
            onClick={() => run(() => leave.mutateAsync(group.id), 'Request withdrawn', 'Failed to withdraw')}
            loading={leave.isPending}
          >
            Withdraw request
          </Button>
        </>
      )}
      {group.myStatus === 'active' && (
        <Button
          variant="default"
          color="red"
          loading={leave.isPending}
          onClick={() =>
            run(
              async () => {
                await leave.mutateAsync(group.id);
                navigate(paths.groups);
              },
              GROUP_TEXTS.left,
              'Failed to leave the group',
            )
          }
        >
          Leave group
        </Button>
      )}
      {group.canEdit && (
        <>
          <Button onClick={() => setEditing(true)}>Edit group</Button>
          <FileButton
            accept="image/png,image/jpeg,image/webp"
            onChange={(f) => f && run(() => picture.mutateAsync(f), GROUP_TEXTS.pictureSaved, 'Failed to save the picture')}
          >
            {(props) => (
              <Button variant="default" loading={picture.isPending} {...props}>
                Change picture
              </Button>
            )}
          </FileButton>
          <Modal opened={editing} onClose={() => setEditing(false)} title="Edit group" size="lg">
            <GroupForm
              group={group}
              zones={group.view === 'manager' ? zones.data && inTreeOrder(zones.data) : undefined}
              busy={update.isPending}
              onSubmit={(body) =>
                run(
                  async () => {
                    await update.mutateAsync(body as GroupUpdateRequest);
                    setEditing(false);
                  },
                  GROUP_TEXTS.updated,
                  'Failed to save the group',
                )
              }
            />
          </Modal>
        </>
      )}
    </Group>
  );
}

/** One group: what it is, when and where it meets, who leads it, and (for those inside) who is in it. */
export function GroupPage() {
  const { id = '' } = useParams();
  const query = useQuery(groupQuery(id));
  if (query.isPending) return <Skeleton height={240} radius="lg" />;
  if (query.isError)
    return (
      <Alert
        color="red"
        title={query.error instanceof ApiError && query.error.status === 404 ? GROUP_TEXTS.notFound : GROUP_TEXTS.loadFailed}
      >
        <Group gap="xs">
          <Button size="xs" color="red" variant="light" onClick={() => query.refetch()}>
            Retry
          </Button>
          <Anchor component={Link} to={paths.groups} size="sm">
            All groups
          </Anchor>
        </Group>
      </Alert>
    );
  const g = query.data;
  const schedule = scheduleLine(g);
  return (
    <Stack gap="md">
      <Anchor component={Link} to={paths.groups} size="sm">
        ← Groups
      </Anchor>
      <Card withBorder radius="lg">
        {g.pictureUrl && (
          <Card.Section mb="md">
            <Image src={g.pictureUrl} alt={`Picture of ${g.name}`} h={200} fit="cover" />
          </Card.Section>
        )}
        <Stack gap={6}>
          <Group justify="space-between" align="flex-start">
            <Title order={1} size="h2">
              {g.name}
            </Title>
            <Group gap={6}>
              <Badge variant="light">{GROUP_TYPE_LABELS[g.type]}</Badge>
              {!g.isOpen && <Badge color="gray">Closed</Badge>}
            </Group>
          </Group>
          {schedule && <Text>{schedule}</Text>}
          {g.address && <Text size="sm">Address: {g.address}</Text>}
          {g.leaders.length > 0 && (
            <Text size="sm" c="dimmed">
              Led by {g.leaders.map((l) => l.name).join(', ')}
            </Text>
          )}
          {g.network && (
            <Text size="sm" c="dimmed">
              {g.network.name}
            </Text>
          )}
          <Text size="sm">
            {g.memberCount} {g.memberCount === 1 ? 'member' : 'members'}
            {g.capacity !== null ? ` of ${g.capacity}` : ''}
          </Text>
          {g.description && (
            <Text mt="xs" style={{ whiteSpace: 'pre-wrap' }}>
              {g.description}
            </Text>
          )}
          <Actions group={g} />
        </Stack>
      </Card>
      <Grid>
        {g.view !== 'outsider' && g.view !== 'requested' && (
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack>
              {g.canEdit && <JoinRequests groupId={g.id} />}
              {(g.canEdit || g.view === 'overseer') && <CareAlerts groupId={g.id} />}
              <MeetingsCard group={g} />
            </Stack>
          </Grid.Col>
        )}
        <Grid.Col span={{ base: 12, md: g.view !== 'outsider' && g.view !== 'requested' ? 6 : 12 }}>
          <MembersList group={g} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
