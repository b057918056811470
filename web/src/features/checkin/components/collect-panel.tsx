import { Alert, Badge, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SECURITY_CODE_LENGTH } from '@church/contract/checkin';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { tagQuery, useRelease } from '../api';

/** Collection: scan or type the guardian tag's code; release against it, or to an authorised collector. */
export function CollectPanel({ serviceId }: { serviceId: string }) {
  const [code, setCode] = useState('');
  const ready = code.trim().length === SECURITY_CODE_LENGTH;
  const tag = useQuery({ ...tagQuery(code.trim().toUpperCase(), serviceId), enabled: ready });
  const release = useRelease();
  const send = async (body: { code?: string; collectorId?: string; familyId?: string }) => {
    try {
      const r = await release.mutateAsync({ serviceId, ...body });
      notify.success(r.message);
      setCode('');
    } catch (err) {
      notify.error(err instanceof ApiError && err.status < 500 ? err.message : 'Could not release');
    }
  };
  const open = tag.data?.children.filter((c) => c.status === 'in') ?? [];
  return (
    <Stack maw={620}>
      <TextInput
        label="Code on the guardian tag"
        size="lg"
        value={code}
        maxLength={8}
        onChange={(e) => setCode(e.currentTarget.value.toUpperCase())}
        styles={{ input: { letterSpacing: 6, fontSize: 28 } }}
        autoComplete="off"
      />
      {ready && tag.isError && <Alert color="red">{tag.error instanceof ApiError ? tag.error.message : 'Could not read the tag'}</Alert>}
      {tag.data && (
        <Card withBorder>
          <Text fw={700}>{tag.data.familyName}</Text>
          {tag.data.children.map((c) => (
            <Group key={c.checkinId} gap="xs">
              <Text>
                {c.name} — {c.roomName}
              </Text>
              <Badge color={c.status === 'in' ? 'green' : 'gray'}>{c.status === 'in' ? 'In the room' : 'Collected'}</Badge>
            </Group>
          ))}
          <Group mt="sm">
            <Button disabled={!open.length} loading={release.isPending} onClick={() => send({ code: code.trim() })}>
              Release to the tag holder
            </Button>
          </Group>
          {tag.data.collectors.length > 0 && (
            <Stack gap={4} mt="sm">
              <Text size="sm" c="dimmed">
                No tag? Check their ID, then release to:
              </Text>
              {tag.data.collectors.map((c) => (
                <Group key={c.id} gap="xs">
                  <Button
                    size="xs"
                    variant="light"
                    disabled={!c.authorised || !open.length}
                    onClick={() => send({ collectorId: c.id, familyId: tag.data!.familyId })}
                  >
                    {c.name}
                    {c.relationship ? ` (${c.relationship})` : ''}
                  </Button>
                  {!c.authorised && <Badge color="red">May not collect</Badge>}
                </Group>
              ))}
            </Stack>
          )}
        </Card>
      )}
    </Stack>
  );
}
