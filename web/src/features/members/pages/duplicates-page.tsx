import { Alert, Anchor, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowsJoin } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { DUPLICATE_REASON_LABELS, type DuplicateMember, type MemberMerge } from '@church/contract/members-merge';
import { paths } from '../../../config/paths';
import { duplicatesQuery, mergesQuery } from '../api/merges';
import { MovedList, UndoMergeModal } from '../components/merge-summary';
import { StatusBadge } from '../components/member-badges';
import { formatPhone } from '@church/contract/rules/phone';
import { formatDay, useChurchTimeZone } from '../../../lib/church-time';

function Person({ m, label }: { m: DuplicateMember; label: string }) {
  const zone = useChurchTimeZone();
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Anchor component={Link} to={paths.member(m.id)} fw={600}>
        {m.name}
      </Anchor>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {m.email}
      </Text>
      <Text size="sm">{m.phone ? formatPhone(m.phone) : 'No phone'}</Text>
      <Text size="sm">{m.birthday ? `Born ${m.birthday}` : 'No birth date'}</Text>
      <Group gap={6}>
        <StatusBadge status={m.status} />
        <Text size="xs" c="dimmed">
          Added {formatDay(m.createdAt, zone)}
        </Text>
      </Group>
    </Stack>
  );
}

function RecentMerges() {
  const q = useQuery(mergesQuery());
  const [undoing, setUndoing] = useState<MemberMerge | null>(null);
  if (q.isPending) return <Skeleton height={80} />;
  if (q.isError) return <Alert color="red">Failed to load the recent merges</Alert>;
  if (!q.data.length) return <Text c="dimmed">No merges yet.</Text>;
  return (
    <Stack gap="sm">
      {q.data.map((m) => (
        <Card key={m.id} withBorder radius="md" padding="sm" data-testid="merge-row">
          <Group justify="space-between" align="flex-start" wrap="wrap">
            <Stack gap={4} style={{ flex: '1 1 280px' }}>
              <Text size="sm" fw={600}>
                {m.removedName} merged into {m.keptName ?? 'a member no longer here'}
              </Text>
              <Text size="xs" c="dimmed">
                By {m.mergedByName}, {new Date(m.at).toLocaleString('en-ZA')}
                {m.undoneAt ? ` · undone by ${m.undoneByName ?? 'someone'}, ${new Date(m.undoneAt).toLocaleString('en-ZA')}` : ''}
              </Text>
              <MovedList merge={m} />
            </Stack>
            {m.undoneAt ? (
              <Badge variant="light" color="gray">
                Undone
              </Badge>
            ) : (
              <Button
                size="xs"
                variant="light"
                color="orange"
                onClick={() => setUndoing(m)}
                aria-label={`Undo the merge of ${m.removedName}`}
              >
                Undo
              </Button>
            )}
          </Group>
        </Card>
      ))}
      <UndoMergeModal merge={undoing} onClose={() => setUndoing(null)} />
    </Stack>
  );
}

/** Issue 10: likely duplicates (same e-mail, same phone, or same name and birth date), each with a way to compare and merge. */
export function DuplicatesPage() {
  const q = useQuery(duplicatesQuery());
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>Possible Duplicates</Title>
        <Button component={Link} to={paths.members} variant="default" leftSection={<IconArrowLeft size={16} />}>
          Back to Members
        </Button>
      </Group>
      <Text c="dimmed" size="sm">
        Records that share an e-mail address, a phone number, or a name and birth date. Compare them side by side and merge: every prayer,
        gift, registration, check-in, message and care note moves to the record you keep, and a merge can be undone.
      </Text>

      {q.isPending ? (
        <Skeleton height={200} />
      ) : q.isError ? (
        <Alert color="red" title="Failed to find duplicates">
          <Button size="xs" variant="light" color="red" onClick={() => q.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : q.data.pairs.length === 0 ? (
        <Card withBorder radius="md" padding="lg">
          <Text>No likely duplicates found.</Text>
        </Card>
      ) : (
        <Stack gap="md">
          <Text size="sm" aria-live="polite" data-testid="duplicates-total">
            {q.data.total === 1 ? '1 possible duplicate' : `${q.data.total} possible duplicates`}
            {q.data.total > q.data.pairs.length ? ` (the first ${q.data.pairs.length} shown)` : ''}
          </Text>
          {q.data.pairs.map((p) => (
            <Card key={`${p.a.id}-${p.b.id}`} withBorder radius="md" padding="md" data-testid="duplicate-pair">
              <Group gap={6} mb="sm">
                {p.reasons.map((r) => (
                  <Badge key={r} variant="light" color="orange">
                    {DUPLICATE_REASON_LABELS[r]}
                  </Badge>
                ))}
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <Person m={p.a} label="Record A" />
                <Person m={p.b} label="Record B" />
              </SimpleGrid>
              <Group justify="flex-end" mt="sm">
                <Button
                  component={Link}
                  to={paths.memberMergeOf(p.a.id, p.b.id)}
                  leftSection={<IconArrowsJoin size={16} />}
                  aria-label={`Compare and merge ${p.a.name} and ${p.b.name}`}
                >
                  Compare and merge
                </Button>
              </Group>
            </Card>
          ))}
        </Stack>
      )}

      <Title order={2} size="h3">
        Recent merges
      </Title>
      <RecentMerges />
    </Stack>
  );
}
