import {
  Alert,
  Button,
  Card,
  Group,
  Modal,
  Pagination,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  GROUP_TEXTS,
  GROUP_TYPE_LABELS,
  GROUP_TYPES,
  type GroupCreateRequest,
  type GroupSummary,
  type GroupType,
} from '@church/contract/groups';
import { can } from '@church/contract/roles';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { notify, useErrorToast } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { allGroupsQuery, directoryQuery, myGroupsQuery, useCreateGroup, useJoinGroup } from '../api/groups';
import { GroupCard } from '../components/group-card';
import { GroupForm } from '../components/group-form';
import { GroupSettingsCard } from '../components/group-settings-card';
import { inTreeOrder } from '../components/zone-tree';
import { NetworksPanel } from '../components/networks-panel';
import { networksQuery } from '../api/networks';

const failure = (err: unknown, fallback: string) =>
  err instanceof ApiError && err.status < 500 && err.status !== 403 ? err.message : fallback;

function Cards({
  query,
  empty,
  action,
}: {
  query: { isPending: boolean; isError: boolean; data?: GroupSummary[]; refetch: () => unknown };
  empty: string;
  action?: (g: GroupSummary) => React.ReactNode;
}) {
  if (query.isPending)
    return (
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
        {[0, 1, 2].map((i) => (
          <Card key={i} withBorder radius="lg">
            <Skeleton height={18} width="60%" mb={10} />
            <Skeleton height={12} mb={6} />
            <Skeleton height={28} mt={10} width={90} />
          </Card>
        ))}
      </SimpleGrid>
    );
  if (query.isError)
    return (
      <Alert color="red" title={GROUP_TEXTS.loadFailed}>
        <Button size="xs" color="red" variant="light" onClick={() => query.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  if (!query.data?.length)
    return (
      <Card withBorder radius="lg" ta="center" padding="lg">
        <Text fw={600}>{empty}</Text>
      </Card>
    );
  return (
    <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
      {query.data.map((g) => (
        <GroupCard key={g.id} group={g} action={action?.(g)} />
      ))}
    </SimpleGrid>
  );
}

/** Groups: the ones I am in, open ones to find and join, and for the church office every group and a new one. */
export function GroupsPage() {
  const { user } = useSession();
  const manager = can(user, 'groups:manage');
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') ?? 'mine';
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [type, setType] = useState<GroupType | null>(null);
  const [page, setPage] = useState(1);
  const mine = useQuery(myGroupsQuery());
  // Overseers are found by the zones they may see: the tab shows when there is one.
  const zones = useQuery(networksQuery());
  const showZones = manager || (zones.data?.length ?? 0) > 0;
  const directory = useQuery({ ...directoryQuery({ q: debounced, type, page }), enabled: tab === 'find' });
  const all = useQuery({ ...allGroupsQuery({ q: debounced, page }), enabled: manager && tab === 'all' });
  useErrorToast(mine, GROUP_TEXTS.loadFailed);
  const join = useJoinGroup();
  const create = useCreateGroup();
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();

  const ask = async (g: GroupSummary) => {
    try {
      await join.mutateAsync({ id: g.id, message: '' });
      notify.success(GROUP_TEXTS.requested);
    } catch (err) {
      notify.error(failure(err, 'Failed to send your request'));
    }
  };
  const joinButton = (g: GroupSummary) =>
    g.myStatus ? null : (
      <Button size="xs" onClick={() => ask(g)} loading={join.isPending && join.variables?.id === g.id} aria-label={`Ask to join ${g.name}`}>
        Ask to join
      </Button>
    );
  const listed = tab === 'all' ? all : directory;
  const total = listed.data?.total ?? 0;
  const perPage = tab === 'all' ? 50 : 24;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Groups
        </Title>
        {manager && <Button onClick={() => setCreating(true)}>New Group</Button>}
      </Group>
      <Tabs
        value={tab}
        onChange={(v) => {
          setPage(1);
          setParams(v && v !== 'mine' ? { tab: v } : {});
        }}
      >
        <Tabs.List>
          <Tabs.Tab value="mine">My Groups</Tabs.Tab>
          <Tabs.Tab value="find">Find a Group</Tabs.Tab>
          {manager && <Tabs.Tab value="all">All Groups</Tabs.Tab>}
          {showZones && <Tabs.Tab value="zones">Zones</Tabs.Tab>}
        </Tabs.List>
        {showZones && (
          <Tabs.Panel value="zones" pt="md">
            <NetworksPanel manager={manager} />
          </Tabs.Panel>
        )}
        <Tabs.Panel value="mine" pt="md">
          <Cards query={{ ...mine, data: mine.data }} empty={GROUP_TEXTS.noGroups} />
        </Tabs.Panel>
        {(['find', 'all'] as const).map((panel) => (
          <Tabs.Panel key={panel} value={panel} pt="md">
            <Stack>
              {panel === 'all' && <GroupSettingsCard />}
              <Group align="flex-end">
                <TextInput
                  label="Search"
                  placeholder="Name or area"
                  value={search}
                  onChange={(e) => setSearch(e.currentTarget.value)}
                  maw={280}
                />
                {panel === 'find' && (
                  <Select
                    label="Type"
                    clearable
                    placeholder="Any"
                    data={GROUP_TYPES.map((t) => ({ value: t, label: GROUP_TYPE_LABELS[t] }))}
                    value={type}
                    onChange={(v) => setType(v as GroupType | null)}
                    maw={200}
                  />
                )}
              </Group>
              <Cards
                query={{ ...listed, data: listed.data?.groups }}
                empty={GROUP_TEXTS.noOpenGroups}
                action={panel === 'find' ? joinButton : undefined}
              />
              {total > perPage && <Pagination total={Math.ceil(total / perPage)} value={page} onChange={setPage} />}
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
      <Modal opened={creating} onClose={() => setCreating(false)} title="New Group" size="lg">
        <GroupForm
          withLeader
          zones={manager ? zones.data && inTreeOrder(zones.data) : undefined}
          busy={create.isPending}
          onSubmit={async (body) => {
            try {
              const res = await create.mutateAsync(body as GroupCreateRequest);
              notify.success(GROUP_TEXTS.created);
              setCreating(false);
              navigate(paths.group(res.data.group.id));
            } catch (err) {
              notify.error(failure(err, 'Failed to create the group'));
            }
          }}
        />
      </Modal>
    </Stack>
  );
}
