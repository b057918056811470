import { ActionIcon, Button, Card, Group, NumberInput, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import {
  kiosksQuery,
  printersQuery,
  roomsQuery,
  useCreateKiosk,
  useDeletePrinter,
  useDeleteRoom,
  useRevokeKiosk,
  useSavePrinter,
  useSaveRoom,
  useTestPrint,
} from '../api';
import { setKioskKey } from '../kiosk-client';

const failed = (err: unknown, fallback: string) => notify.error(err instanceof ApiError && err.status < 500 ? err.message : fallback);
const num = (v: string | number) => (v === '' ? null : Number(v));

function RoomsCard() {
  const rooms = useQuery(roomsQuery());
  const save = useSaveRoom();
  const del = useDeleteRoom();
  const [r, setR] = useState({
    name: '',
    minMonths: '' as string | number,
    maxMonths: '' as string | number,
    minGrade: '' as string | number,
    maxGrade: '' as string | number,
  });
  return (
    <Card withBorder radius="md">
      <Title order={2} size="h4" mb="sm">
        Rooms
      </Title>
      {rooms.data?.map((x) => (
        <Group key={x.id} justify="space-between">
          <Text>
            <b>{x.name}</b> {x.minMonths !== null || x.maxMonths !== null ? `· ages ${x.minMonths ?? 0}–${x.maxMonths ?? '…'} months` : ''}
            {x.minGrade !== null || x.maxGrade !== null ? ` · grades ${x.minGrade ?? 0}–${x.maxGrade ?? 12}` : ''}
          </Text>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove room ${x.name}`}
            onClick={() => del.mutate(x.id, { onError: (e) => failed(e, 'Could not remove the room') })}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group align="end" mt="sm" gap="xs" wrap="wrap">
        <TextInput label="Room name" w={160} value={r.name} onChange={(e) => setR({ ...r, name: e.currentTarget.value })} maxLength={80} />
        <NumberInput
          label="From age (months)"
          w={130}
          min={0}
          max={240}
          value={r.minMonths}
          onChange={(v) => setR({ ...r, minMonths: v })}
        />
        <NumberInput label="To age (months)" w={130} min={0} max={240} value={r.maxMonths} onChange={(v) => setR({ ...r, maxMonths: v })} />
        <NumberInput label="From grade" w={100} min={0} max={12} value={r.minGrade} onChange={(v) => setR({ ...r, minGrade: v })} />
        <NumberInput label="To grade" w={100} min={0} max={12} value={r.maxGrade} onChange={(v) => setR({ ...r, maxGrade: v })} />
        <Button
          disabled={!r.name.trim()}
          onClick={async () => {
            try {
              await save.mutateAsync({
                body: {
                  name: r.name,
                  minMonths: num(r.minMonths),
                  maxMonths: num(r.maxMonths),
                  minGrade: num(r.minGrade),
                  maxGrade: num(r.maxGrade),
                },
              });
              setR({ name: '', minMonths: '', maxMonths: '', minGrade: '', maxGrade: '' });
            } catch (err) {
              failed(err, 'Could not save the room');
            }
          }}
        >
          Add room
        </Button>
      </Group>
    </Card>
  );
}

function PrintersCard() {
  const printers = useQuery(printersQuery());
  const save = useSavePrinter();
  const del = useDeletePrinter();
  const test = useTestPrint();
  const [p, setP] = useState({ name: '', host: '', port: 9100 as string | number });
  return (
    <Card withBorder radius="md">
      <Title order={2} size="h4" mb="xs">
        Label printers
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Zebra (ZPL) printers on the church network, reached by the server on port 9100: tablets need no driver.
      </Text>
      {printers.data?.map((x) => (
        <Group key={x.id} justify="space-between">
          <Text>
            <b>{x.name}</b> · {x.host}:{x.port}
          </Text>
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              loading={test.isPending}
              onClick={async () => {
                const r = await test.mutateAsync(x.id);
                (r.data.status === 'printed' ? notify.success : notify.error)(r.message);
              }}
            >
              Test print
            </Button>
            <ActionIcon variant="subtle" color="red" aria-label={`Remove printer ${x.name}`} onClick={() => del.mutate(x.id)}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Group>
      ))}
      <Group align="end" mt="sm" gap="xs" wrap="wrap">
        <TextInput
          label="Printer name"
          w={160}
          value={p.name}
          onChange={(e) => setP({ ...p, name: e.currentTarget.value })}
          maxLength={80}
        />
        <TextInput
          label="Address"
          placeholder="192.168.1.50"
          w={160}
          value={p.host}
          onChange={(e) => setP({ ...p, host: e.currentTarget.value })}
          maxLength={253}
        />
        <NumberInput label="Port" w={100} min={1} max={65535} value={p.port} onChange={(v) => setP({ ...p, port: v })} />
        <Button
          disabled={!p.name.trim() || !p.host.trim()}
          onClick={async () => {
            try {
              await save.mutateAsync({ body: { name: p.name, host: p.host, port: Number(p.port) || 9100 } });
              setP({ name: '', host: '', port: 9100 });
            } catch (err) {
              failed(err, 'Could not save the printer');
            }
          }}
        >
          Add printer
        </Button>
      </Group>
    </Card>
  );
}

function KiosksCard() {
  const kiosks = useQuery(kiosksQuery());
  const create = useCreateKiosk();
  const revoke = useRevokeKiosk();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  return (
    <Card withBorder radius="md">
      <Title order={2} size="h4" mb="sm">
        Kiosks
      </Title>
      <Table.ScrollContainer minWidth={360}>
        <Table>
          <Table.Tbody>
            {kiosks.data?.map((k) => (
              <Table.Tr key={k.id}>
                <Table.Td>{k.name}</Table.Td>
                <Table.Td>{k.lastSeenAt ? `Last seen ${new Date(k.lastSeenAt).toLocaleString('en-ZA')}` : 'Not used yet'}</Table.Td>
                <Table.Td>
                  <Button size="xs" variant="subtle" color="red" onClick={() => revoke.mutate(k.id)}>
                    Revoke
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group align="end" mt="sm">
        <TextInput label="Use this device as a kiosk named" value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={80} />
        <Button
          disabled={!name.trim()}
          loading={create.isPending}
          onClick={async () => {
            const { key } = await create.mutateAsync({ name: name.trim(), printerId: null });
            setKioskKey(key);
            navigate(paths.kiosk);
          }}
        >
          Start kiosk on this device
        </Button>
      </Group>
    </Card>
  );
}

/** Check-in settings: rooms by age or grade, network label printers with a test print, kiosks. */
export function CheckinSettingsPage() {
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Check-in settings
      </Title>
      <RoomsCard />
      <PrintersCard />
      <KiosksCard />
    </Stack>
  );
}
