import { Alert, Anchor, Badge, Button, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { SERVICE_TEXTS } from '@church/contract/services';
import { paths } from '../../../config/paths';
import { servicesQuery } from '../api';
import { CreateServiceModal } from '../components/create-service-modal';
import { ServicesTabs } from '../components/services-tabs';
import { formatDay } from '../format';

/** Services with how full their roster is. */
export function ServicesPage() {
  const q = useQuery(servicesQuery());
  const [creating, setCreating] = useState(false);
  return (
    <Stack gap="md">
      <ServicesTabs
        title="Services"
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            Plan a service
          </Button>
        }
      />
      {q.isLoading && <Skeleton h={160} />}
      {q.isError && (
        <Alert color="red" title={SERVICE_TEXTS.loadFailed}>
          <Button size="xs" variant="light" onClick={() => q.refetch()}>
            Retry
          </Button>
        </Alert>
      )}
      {q.data?.length === 0 && <Text c="dimmed">{SERVICE_TEXTS.noServices}</Text>}
      {!!q.data?.length && (
        <Table.ScrollContainer minWidth={560}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Time</Table.Th>
                <Table.Th>Service</Table.Th>
                <Table.Th>Roster</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {q.data.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>{formatDay(s.date)}</Table.Td>
                  <Table.Td>{s.time}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={paths.service(s.id)}>
                      {s.title}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={s.accepted >= s.needed && s.needed > 0 ? 'green' : 'orange'} variant="light">
                      {s.accepted} of {s.needed} confirmed{s.pending ? `, ${s.pending} asked` : ''}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <CreateServiceModal opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
