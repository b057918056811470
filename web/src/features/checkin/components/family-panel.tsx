import { Alert, Badge, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { CheckinResult } from '@church/contract/checkin';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { familyQuery, printersQuery, useRelease, useStationCheckin } from '../api';
import { printLabelsInBrowser } from '../labels-pdf';
import { ChildrenPicker, initialPicks, type ChildPick } from './children-picker';

/** One family at the station: check children in (labels to a printer or the browser), or release to a collector. */
export function FamilyPanel({
  familyId,
  serviceId,
  rooms,
}: {
  familyId: string;
  serviceId: string;
  rooms: { id: string; name: string }[];
}) {
  const family = useQuery(familyQuery(familyId, serviceId));
  const printers = useQuery(printersQuery());
  const checkIn = useStationCheckin();
  const release = useRelease();
  const [printerId, setPrinterId] = useState<string | null>(() => localStorage.getItem('stationPrinter'));
  const [picks, setPicks] = useState<ChildPick[]>([]);
  const [result, setResult] = useState<CheckinResult | null>(null);
  const batch = useRef(crypto.randomUUID());
  useEffect(() => {
    if (family.data) setPicks(initialPicks(family.data.children));
  }, [family.data]);
  useEffect(() => {
    batch.current = crypto.randomUUID();
    setResult(null);
  }, [familyId]);
  if (family.isLoading) return <Text>Loading…</Text>;
  if (!family.data) return <Alert color="red">Could not load the family.</Alert>;
  const f = family.data;
  const anyIn = f.children.some((c) => c.checkedIn);
  const go = async () => {
    try {
      const r = await checkIn.mutateAsync({
        batchId: batch.current,
        serviceId,
        familyId,
        printerId,
        children: picks
          .filter((p) => p.on && p.roomId)
          .map((p) => ({ childId: p.childId, roomId: p.roomId!, checkinId: crypto.randomUUID() })),
      });
      setResult(r);
      batch.current = crypto.randomUUID();
      if (r.print.status === 'failed') notify.error(r.print.message);
      else notify.success(r.print.status === 'printed' ? `Checked in: code ${r.code}. ${r.print.message}` : `Checked in: code ${r.code}`);
      if (r.print.status === 'none') void printLabelsInBrowser(r.labels);
    } catch (err) {
      notify.error(err instanceof ApiError && err.status < 500 ? err.message : 'Could not check in');
    }
  };
  return (
    <Card withBorder radius="md">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          {f.name}
        </Title>
        <Text size="sm" c="dimmed">
          {f.guardians.map((g) => g.name).join(', ')}
        </Text>
      </Group>
      <ChildrenPicker children={f.children} rooms={rooms} picks={picks} onChange={setPicks} />
      <Group mt="sm" align="end">
        <Select
          label="Label printer"
          placeholder="Print from the browser"
          clearable
          w={220}
          data={(printers.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          value={printerId}
          onChange={(v) => (setPrinterId(v), v ? localStorage.setItem('stationPrinter', v) : localStorage.removeItem('stationPrinter'))}
        />
        <Button onClick={go} loading={checkIn.isPending} disabled={!picks.some((p) => p.on && p.roomId)}>
          Check in
        </Button>
      </Group>
      {result && (
        <Alert mt="sm" color={result.print.status === 'failed' ? 'orange' : 'green'} title={`Security code ${result.code}`}>
          <Text size="sm">{result.print.message}</Text>
          <Button size="xs" mt={4} variant="light" onClick={() => void printLabelsInBrowser(result.labels)}>
            Print labels here (PDF)
          </Button>
        </Alert>
      )}
      {anyIn && f.collectors.length > 0 && (
        <Stack gap={4} mt="md">
          <Text size="sm" fw={600}>
            Collect without the tag (check their ID):
          </Text>
          <Group gap="xs">
            {f.collectors.map((c) => (
              <Group key={c.id} gap={4}>
                <Button
                  size="xs"
                  variant="light"
                  disabled={!c.authorised}
                  loading={release.isPending}
                  onClick={async () => {
                    try {
                      notify.success((await release.mutateAsync({ serviceId, familyId, collectorId: c.id })).message);
                    } catch (err) {
                      notify.error(err instanceof ApiError && err.status < 500 ? err.message : 'Could not release');
                    }
                  }}
                >
                  Release to {c.name}
                </Button>
                {!c.authorised && <Badge color="red">May not collect</Badge>}
              </Group>
            ))}
          </Group>
        </Stack>
      )}
    </Card>
  );
}
