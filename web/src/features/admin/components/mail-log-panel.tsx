import { Alert, Badge, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { PagePicker } from '../../../components/page-picker';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { OutboxMail } from '@church/contract/outbox';
import { mailQuery } from '../api/admin';
import { formatDateTime, useChurchTimeZone } from '../../../lib/church-time';

const LIMIT = 20;

function Delivery({ m }: { m: OutboxMail }) {
  const zone = useChurchTimeZone();
  const when = (iso: string) => formatDateTime(iso, zone);
  if (m.sentAt)
    return (
      <Badge variant="light" color="green">
        Sent {when(m.sentAt)}
      </Badge>
    );
  if (m.skippedAt)
    return (
      <Stack gap={2}>
        <Badge variant="light" color="gray">
          Not sent
        </Badge>
        <Text size="xs" c="dimmed">
          {m.skipReason}
        </Text>
      </Stack>
    );
  if (m.error)
    return (
      <Stack gap={2}>
        <Badge variant="light" color="red">
          Not sent
        </Badge>
        <Text size="xs" c="red.8">
          {m.error}
        </Text>
      </Stack>
    );
  return (
    <Badge variant="light" color="yellow">
      Waiting
    </Badge>
  );
}

/** The mail log: what the platform sent or queued, to whom, and whether it arrived (never the bodies). */
export function MailLogPanel({ smtpConfigured }: { smtpConfigured?: boolean }) {
  const zone = useChurchTimeZone();
  const when = (iso: string) => formatDateTime(iso, zone);
  const [page, setPage] = useState(1);
  const q = useQuery(mailQuery({ page, limit: LIMIT }));
  return (
    <Stack gap="md">
      {smtpConfigured === false && <Alert color="blue">No mail server (SMTP) is configured: mail is kept here and not delivered.</Alert>}
      {q.isPending ? (
        <Skeleton height={240} />
      ) : q.isError ? (
        <Alert color="red">Failed to load the mail log</Alert>
      ) : q.data.mails.length === 0 ? (
        <Text c="dimmed">No mail yet.</Text>
      ) : (
        <>
          <Table.ScrollContainer
            minWidth={640}
            // A phone scrolls the wide table: the scrolling region takes keyboard focus (axe scrollable-region-focusable).
            scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Mail log' } }}
          >
            <Table verticalSpacing="xs" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Queued</Table.Th>
                  <Table.Th>To</Table.Th>
                  <Table.Th>Subject</Table.Th>
                  <Table.Th>Kind</Table.Th>
                  <Table.Th>Delivery</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {q.data.mails.map((m) => (
                  <Table.Tr key={m.id} data-testid="mail-row">
                    <Table.Td>
                      <Text size="sm">{when(m.createdAt)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {m.to}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{m.subject}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{m.kind}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Delivery m={m} />
                    </Table.Td>
                  </Table.Tr>
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
