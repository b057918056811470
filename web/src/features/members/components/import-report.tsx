import { Badge, Group, List, Table, Text } from '@mantine/core';
import type { ImportAction, ImportDryRun } from '@church/contract/members-import';

const ACTION: Record<ImportAction, { label: string; color: string }> = {
  new: { label: 'New', color: 'green' },
  updated: { label: 'Updated', color: 'blue' },
  unchanged: { label: 'Unchanged', color: 'gray' },
  error: { label: 'Error', color: 'red' },
};

export function ImportCounts({ counts }: { counts: ImportDryRun['counts'] }) {
  return (
    <Group gap="xs" data-testid="import-counts">
      <Badge color="green" variant="light" size="lg">{`${counts.created} new`}</Badge>
      <Badge color="blue" variant="light" size="lg">{`${counts.updated} updated`}</Badge>
      <Badge color="gray" variant="light" size="lg">{`${counts.unchanged} unchanged`}</Badge>
      <Badge color="red" variant={counts.errors ? 'filled' : 'light'} size="lg">
        {counts.errors === 1 ? '1 error' : `${counts.errors} errors`}
      </Badge>
    </Group>
  );
}

/** Each row of the dry run: what it would do, the fields an update changes, or its errors in the spec's words. */
export function ImportReportTable({ report }: { report: ImportDryRun }) {
  return (
    // Keyboard users scroll the wide table on a phone: the scrolling region takes focus (axe scrollable-region-focusable).
    <Table.ScrollContainer
      minWidth={640}
      scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Dry run rows' } }}
    >
      <Table verticalSpacing="xs" striped data-testid="import-report">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Row</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Result</Table.Th>
            <Table.Th>Details</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.rows.map((r) => (
            <Table.Tr key={r.row} data-testid="import-row">
              <Table.Td>{r.row}</Table.Td>
              <Table.Td>{r.name ?? '—'}</Table.Td>
              <Table.Td>
                <Text size="sm" style={{ wordBreak: 'break-all' }}>
                  {r.email ?? '—'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge color={ACTION[r.action].color} variant="light">
                  {ACTION[r.action].label}
                </Badge>
              </Table.Td>
              <Table.Td>
                {r.errors.length ? (
                  <List size="sm" c="red.9" spacing={2}>
                    {r.errors.map((e) => (
                      <List.Item key={e}>{e}</List.Item>
                    ))}
                  </List>
                ) : r.changes.length ? (
                  <Text size="sm">{`Changes: ${r.changes.join(', ')}`}</Text>
                ) : (
                  <Text size="sm" c="dimmed">
                    {r.action === 'new' ? 'Will be added' : 'Nothing to change'}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
