import { Button, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { notify } from '../../../lib/notify';
import { printJobsQuery, useReprintJob } from '../api';

/** Labels a printer did not take: reprinted later with the same code. */
export function PrintJobsPanel() {
  const jobs = useQuery(printJobsQuery());
  const reprint = useReprintJob();
  if (!jobs.data?.length) return <Text c="dimmed">No failed prints today.</Text>;
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Code</Table.Th>
            <Table.Th>Printer</Table.Th>
            <Table.Th>Problem</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {jobs.data.map((j) => (
            <Table.Tr key={j.id}>
              <Table.Td ff="monospace">{j.code}</Table.Td>
              <Table.Td>{j.printerName}</Table.Td>
              <Table.Td>{j.error}</Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  loading={reprint.isPending}
                  onClick={async () => notify.info((await reprint.mutateAsync({ id: j.id })).message)}
                >
                  Reprint
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
