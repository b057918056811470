import { Alert, Button, Group, Select, Stack, Table, Tabs, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CHECKIN_TEXTS } from '@church/contract/checkin';
import { familiesSearchQuery, todayQuery } from '../api';
import { CollectPanel } from '../components/collect-panel';
import { FamilyForm } from '../components/family-form';
import { FamilyPanel } from '../components/family-panel';
import { PrintJobsPanel } from '../components/print-jobs-panel';

/** The staffed check-in station: find any family, add a first-time family, collect, reprint. */
export function StationPage() {
  const today = useQuery(todayQuery());
  const [serviceId, setServiceId] = useState<string | null>(null);
  const service = serviceId ?? today.data?.services[0]?.id ?? null;
  const [tab, setTab] = useState<string | null>('checkin');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const found = useQuery(familiesSearchQuery(q));
  const [familyId, setFamilyId] = useState<string | null>(null);
  const rooms = today.data?.rooms ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          Check-in
        </Title>
        <Select
          aria-label="Service"
          w={280}
          placeholder={CHECKIN_TEXTS.noService}
          data={(today.data?.services ?? []).map((s) => ({ value: s.id, label: `${s.date} ${s.time} ${s.title}` }))}
          value={service}
          onChange={setServiceId}
          allowDeselect={false}
        />
      </Group>
      {today.data && !service && <Alert color="yellow">{CHECKIN_TEXTS.noService}</Alert>}
      <Tabs value={tab} onChange={setTab}>
        <Tabs.List>
          <Tabs.Tab value="checkin">Check in</Tabs.Tab>
          <Tabs.Tab value="new">First-time family</Tabs.Tab>
          <Tabs.Tab value="collect">Collect</Tabs.Tab>
          <Tabs.Tab value="jobs">Reprints</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="checkin" pt="md">
          <Stack>
            <TextInput
              label="Find a family"
              placeholder="Name or phone digits"
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              maxLength={80}
            />
            {found.data && found.data.length === 0 && <Alert color="blue">No family found. Add them as a first-time family.</Alert>}
            {!!found.data?.length && (
              <Table.ScrollContainer minWidth={420}>
                <Table highlightOnHover>
                  <Table.Tbody>
                    {found.data.map((f) => (
                      <Table.Tr key={f.id}>
                        <Table.Td fw={600}>{f.name}</Table.Td>
                        <Table.Td>{f.guardians.join(', ')}</Table.Td>
                        <Table.Td>{f.children.join(', ')}</Table.Td>
                        <Table.Td>
                          <Button size="xs" variant={familyId === f.id ? 'filled' : 'light'} onClick={() => setFamilyId(f.id)}>
                            Open
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            {familyId && service && <FamilyPanel familyId={familyId} serviceId={service} rooms={rooms} />}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="new" pt="md">
          <FamilyForm
            serviceId={service ?? undefined}
            onSaved={(f) => {
              setFamilyId(f.id);
              setSearch(f.name);
              setTab('checkin');
            }}
          />
        </Tabs.Panel>
        <Tabs.Panel value="collect" pt="md">
          {service && <CollectPanel serviceId={service} />}
        </Tabs.Panel>
        <Tabs.Panel value="jobs" pt="md">
          <PrintJobsPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
