import { Alert, Button, Code, Group, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { PagePicker } from '../../../components/page-picker';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { auditQuery } from '../api/admin';
import { formatDateTime, useChurchTimeZone } from '../../../lib/church-time';

const LIMIT = 25;

/** The audit log: leaders' actions on other people's data (who, what, when, before/after), newest first. */
export function AuditLogPanel() {
  // The church's zone, whatever the browser's (issue 31: audit times read as local times).
  const zone = useChurchTimeZone();
  const when = (iso: string) => formatDateTime(iso, zone);
  const [action, setAction] = useState('');
  const [debounced] = useDebouncedValue(action.trim(), 300);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const q = useQuery(auditQuery({ action: debounced || undefined, page, limit: LIMIT }));

  return (
    <Stack gap="md">
      <TextInput
        label="Action"
        description="An exact action, e.g. member.role_changed or member.merged"
        value={action}
        onChange={(e) => {
          setAction(e.currentTarget.value);
          setPage(1);
        }}
        maw={360}
      />
      {q.isPending ? (
        <Skeleton height={240} />
      ) : q.isError ? (
        <Alert color="red">Failed to load the audit log</Alert>
      ) : q.data.entries.length === 0 ? (
        <Text c="dimmed">No entries.</Text>
      ) : (
        <>
          <Table.ScrollContainer
            minWidth={720}
            // A phone scrolls the wide table: the scrolling region takes keyboard focus (axe scrollable-region-focusable).
            scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Audit log entries' } }}
          >
            <Table verticalSpacing="xs" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Who</Table.Th>
                  <Table.Th>Action</Table.Th>
                  <Table.Th>What</Table.Th>
                  <Table.Th>
                    <Text span fz="sm" fw={700}>
                      Changes
                    </Text>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {q.data.entries.map((e) => (
                  <Fragment key={e.id}>
                    <Table.Tr data-testid="audit-row">
                      <Table.Td>
                        <Text size="sm">{when(e.at)}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{e.actorName}</Text>
                        <Text size="xs" c="dimmed">
                          {e.actorRole}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Code>{e.action}</Code>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{e.summary}</Text>
                      </Table.Td>
                      <Table.Td>
                        {(e.before != null || e.after != null) && (
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            aria-expanded={open === e.id}
                            onClick={() => setOpen(open === e.id ? null : e.id)}
                          >
                            {open === e.id ? 'Hide' : 'Show'}
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                    {open === e.id && (
                      <Table.Tr>
                        <Table.Td colSpan={5}>
                          <Group align="flex-start" grow>
                            <Stack gap={2}>
                              <Text size="xs" fw={600}>
                                Before
                              </Text>
                              <Code block>{JSON.stringify(e.before, null, 2)}</Code>
                            </Stack>
                            <Stack gap={2}>
                              <Text size="xs" fw={600}>
                                After
                              </Text>
                              <Code block>{JSON.stringify(e.after, null, 2)}</Code>
                            </Stack>
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    )}
                  </Fragment>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {q.data.total > LIMIT && (
            <Group justify="center">
              <PagePicker total={Math.ceil(q.data.total / LIMIT)} value={page} onChange={setPage} />
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
