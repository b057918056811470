import { Alert, Badge, Button, Card, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminDataRequestsResponse } from '@church/contract/privacy';
import { api } from '../../../lib/api-client';

const dataRequestsAdminQuery = queryOptions({
  queryKey: ['admin', 'data-requests'] as const,
  queryFn: () => api('/admin/data-requests', { schema: adminDataRequestsResponse }).then((r) => r.data.requests),
});
const dateFmt = new Intl.DateTimeFormat('en-ZA', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const fmt = (iso: string | null) => (iso ? dateFmt.format(new Date(iso)) : '—');
const KIND = { export: 'Copy of their data', deletion: 'Account deletion' } as const;

/** /data-requests: every POPIA request (download my data, delete my account) with its dates, for administrators. */
export function DataRequestsPage() {
  const query = useQuery(dataRequestsAdminQuery);
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Data Requests</Title>
        <Text c="dimmed" maw={760}>
          Requests members made under the Protection of Personal Information Act. Copies are prepared automatically and removed after seven
          days; deletions take effect at once, keeping only gift records for five years as tax law requires.
        </Text>
      </div>
      <Card withBorder radius="md" padding="md">
        {query.isPending ? (
          <Stack gap="sm">
            <Skeleton height={20} />
            <Skeleton height={20} />
          </Stack>
        ) : query.isError ? (
          <Alert color="red" title="Failed to load data requests">
            <Button size="xs" color="red" variant="light" onClick={() => query.refetch()}>
              Retry
            </Button>
          </Alert>
        ) : query.data.length === 0 ? (
          <Text c="dimmed">No data requests yet.</Text>
        ) : (
          // A focusable scroll region, so keyboard users can scroll it on a phone.
          <div style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Data requests, scrollable">
            <Table miw={640} striped verticalSpacing="xs" aria-label="Data requests">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Person</Table.Th>
                  <Table.Th scope="col">Request</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                  <Table.Th scope="col">Asked</Table.Th>
                  <Table.Th scope="col">Completed</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {query.data.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>{r.personName}</Table.Td>
                    <Table.Td>{KIND[r.kind]}</Table.Td>
                    <Table.Td>
                      <Badge
                        variant="light"
                        color={r.status === 'failed' ? 'red' : r.status === 'queued' ? 'blue' : 'gray'}
                        tt="capitalize"
                      >
                        {r.status}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{fmt(r.requestedAt)}</Table.Td>
                    <Table.Td>{fmt(r.completedAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        )}
      </Card>
    </Stack>
  );
}
