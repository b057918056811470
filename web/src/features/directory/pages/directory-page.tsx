import { Alert, Anchor, Avatar, Button, Card, Group, Pagination, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconHome, IconPhone, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CONSENT_KINDS } from '@church/contract/consents';
import { DIRECTORY_TEXTS, type DirectoryEntry } from '@church/contract/directory';
import { formatPhone } from '@church/contract/rules/phone';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { directoryQuery, useJoinDirectory } from '../api/directory';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');

function Entry({ m }: { m: DirectoryEntry }) {
  return (
    <Card withBorder radius="md" padding="md" data-testid="directory-entry">
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Avatar color="indigo" radius="xl" aria-hidden>
          {initials(m.name)}
        </Avatar>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600}>{m.name}</Text>
          {m.household && (
            <Text size="xs" c="dimmed">
              {m.household}
            </Text>
          )}
          {m.phone && (
            <Group gap={4} wrap="nowrap">
              <IconPhone size={14} aria-hidden />
              <Anchor size="sm" href={`tel:${m.phone}`}>
                {formatPhone(m.phone)}
              </Anchor>
            </Group>
          )}
          {m.address && (
            <Group gap={4} wrap="nowrap" align="flex-start">
              <IconHome size={14} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {m.address}
              </Text>
            </Group>
          )}
        </Stack>
      </Group>
    </Card>
  );
}

/** /directory: members who agreed to appear, for each other (issue 31); searchable by name or phone. */
export function DirectoryPage() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const q = useQuery(directoryQuery(debounced, page));
  const join = useJoinDirectory();
  const notListed = q.error instanceof ApiError && q.error.status === 403;

  return (
    <Stack gap="md">
      <Title order={1}>{DIRECTORY_TEXTS.title}</Title>
      {notListed ? (
        <Alert color="blue" title={CONSENT_KINDS.directory_listing.label}>
          <Stack gap="sm">
            <Text size="sm">{DIRECTORY_TEXTS.notListed}</Text>
            <Text size="sm" fs="italic">
              “{CONSENT_KINDS.directory_listing.wording}”
            </Text>
            <Group>
              <Button
                loading={join.isPending}
                onClick={() =>
                  join.mutate(undefined, {
                    onSuccess: () => notify.success(DIRECTORY_TEXTS.joined),
                    onError: (err) => notify.error(err instanceof ApiError ? err.message : DIRECTORY_TEXTS.failed),
                  })
                }
              >
                {DIRECTORY_TEXTS.join}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : q.isError ? (
        <Alert color="red" title={DIRECTORY_TEXTS.failed}>
          <Button variant="light" size="xs" onClick={() => void q.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : (
        <>
          <TextInput
            label={DIRECTORY_TEXTS.search}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
          />
          {q.isPending ? (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} height={110} />
              ))}
            </SimpleGrid>
          ) : q.data.members.length === 0 ? (
            <Text c="dimmed">{debounced ? DIRECTORY_TEXTS.empty : DIRECTORY_TEXTS.none}</Text>
          ) : (
            <>
              <Text size="sm" c="dimmed" aria-live="polite">
                {q.data.total === 1 ? '1 member' : `${q.data.total.toLocaleString('en-ZA')} members`}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
                {q.data.members.map((m) => (
                  <Entry key={m.id} m={m} />
                ))}
              </SimpleGrid>
              {q.data.total > q.data.limit && (
                <Pagination
                  value={page}
                  onChange={setPage}
                  total={Math.ceil(q.data.total / q.data.limit)}
                  getControlProps={(c) => ({ 'aria-label': `${c} page` })}
                />
              )}
            </>
          )}
        </>
      )}
    </Stack>
  );
}
