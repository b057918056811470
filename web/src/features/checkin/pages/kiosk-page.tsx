import { Alert, Box, Button, Center, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { CHECKIN_TEXTS, type CheckinResult, type KioskLookupRequest } from '@church/contract/checkin';
import { ApiError } from '../../../lib/api-client';
import { ChildrenPicker, initialPicks, type ChildPick } from '../components/children-picker';
import { KioskKeypad } from '../components/kiosk-keypad';
import { KioskSetup } from '../components/kiosk-setup';
import { kioskApi, kioskKey } from '../kiosk-client';
import { printLabelsInBrowser } from '../labels-pdf';

type Found = Awaited<ReturnType<typeof kioskApi.lookup>>;
/** After this long on the last screen the kiosk is ready for the next family. */
const DONE_MS = 12_000;

/**
 * The kiosk (a tablet at the door, the installed app, no sign-in): a family types the last digits of a phone
 * or scans its card, chooses who is here and into which room, and gets its labels. Never a list of names.
 */
export function KioskPage() {
  const [hasKey, setHasKey] = useState(() => !!kioskKey());
  const session = useQuery({ queryKey: ['kiosk', 'session'], queryFn: kioskApi.session, enabled: hasKey, retry: 1, staleTime: 60_000 });
  const [serviceId, setServiceId] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [found, setFound] = useState<Found | null>(null);
  const [lookup, setLookup] = useState<KioskLookupRequest | null>(null);
  const [picks, setPicks] = useState<ChildPick[]>([]);
  const [done, setDone] = useState<CheckinResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const batch = useRef<string>(crypto.randomUUID());
  const service = serviceId ?? session.data?.services[0]?.id ?? null;

  const reset = () => {
    setTyped('');
    setFound(null);
    setLookup(null);
    setDone(null);
    setProblem(null);
    batch.current = crypto.randomUUID();
  };
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(reset, DONE_MS);
    return () => clearTimeout(timer);
  }, [done]);
  useEffect(() => {
    if (session.error instanceof ApiError && session.error.status === 401) setHasKey(false);
  }, [session.error]);

  if (!hasKey)
    return (
      <Center mih="100vh">
        <KioskSetup onReady={() => setHasKey(true)} />
      </Center>
    );
  if (session.isLoading)
    return (
      <Center mih="100vh">
        <Loader aria-label="Loading" />
      </Center>
    );

  const find = async (req: Omit<KioskLookupRequest, 'serviceId'>) => {
    if (!service) return;
    setBusy(true);
    setProblem(null);
    const body = { ...req, serviceId: service };
    try {
      const res = await kioskApi.lookup(body);
      setLookup(body);
      setFound(res);
      if (res.family) setPicks(initialPicks(res.family.children));
    } catch (err) {
      setProblem(err instanceof ApiError && err.status < 500 ? err.message : 'The check-in server did not answer. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  const submitTyped = () => {
    const v = typed.trim();
    void find(/^[\d\s+()-]+$/.test(v) ? { phoneDigits: v.replace(/\D/g, '') } : { card: v });
  };
  const checkIn = async () => {
    if (!found?.family || !service || !lookup) return;
    const chosen = picks.filter((p) => p.on && p.roomId);
    setBusy(true);
    try {
      const result = await kioskApi.checkIn({
        batchId: batch.current,
        serviceId: service,
        familyId: found.family.id,
        phoneDigits: lookup.phoneDigits,
        card: lookup.card,
        children: chosen.map((p) => ({ childId: p.childId, roomId: p.roomId!, checkinId: crypto.randomUUID() })),
      });
      setDone(result);
      if (result.print.status !== 'printed') void printLabelsInBrowser(result.labels);
    } catch (err) {
      setProblem(err instanceof ApiError && err.status < 500 ? err.message : 'The check-in server did not answer. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  const rooms = session.data?.rooms ?? [];
  return (
    <Box component="main" mih="100vh" p="lg" bg="var(--mantine-color-body)">
      <Group justify="space-between" mb="lg" wrap="wrap">
        <Title order={1} size="h2">
          Welcome! Check in
        </Title>
        {(session.data?.services.length ?? 0) > 1 && (
          <Select
            aria-label="Service"
            w={260}
            data={session.data!.services.map((s) => ({ value: s.id, label: `${s.time} ${s.title}` }))}
            value={service}
            onChange={setServiceId}
            allowDeselect={false}
          />
        )}
      </Group>
      {!service && <Alert color="yellow">{CHECKIN_TEXTS.noService}</Alert>}
      {problem && (
        <Alert color="red" mb="md" role="alert">
          {problem}
        </Alert>
      )}
      <Center>
        {done ? (
          <Stack align="center" gap="md" data-testid="kiosk-done">
            <Title order={2}>{CHECKIN_TEXTS.checkedIn}</Title>
            <Text fz={20}>Your security code</Text>
            <Text fz={72} fw={800} ff="monospace" data-testid="security-code">
              {done.code}
            </Text>
            <Text c={done.print.status === 'failed' ? 'red.8' : 'dimmed'}>{done.print.message}</Text>
            <Group>
              <Button size="lg" variant="default" onClick={() => void printLabelsInBrowser(done.labels)}>
                Print labels here
              </Button>
              <Button size="lg" onClick={reset}>
                Done
              </Button>
            </Group>
          </Stack>
        ) : found?.choices.length ? (
          <Stack align="center" gap="md" w="100%" maw={520}>
            <Text fz={22}>{CHECKIN_TEXTS.chooseFamily}</Text>
            {found.choices.map((c) => (
              <Button key={c.familyId} size="xl" fullWidth variant="light" onClick={() => find({ ...lookup!, familyId: c.familyId })}>
                {c.firstNames.join(' & ')}
              </Button>
            ))}
            <Button variant="subtle" onClick={reset}>
              Start again
            </Button>
          </Stack>
        ) : found?.family ? (
          <Stack w="100%" maw={640} gap="md">
            <Text fz={22}>Who is here today?</Text>
            <ChildrenPicker size="xl" children={found.family.children} rooms={rooms} picks={picks} onChange={setPicks} />
            <Group grow>
              <Button size="xl" variant="default" onClick={reset}>
                Cancel
              </Button>
              <Button size="xl" loading={busy} disabled={!picks.some((p) => p.on && p.roomId)} onClick={checkIn}>
                Check in
              </Button>
            </Group>
          </Stack>
        ) : (
          <KioskKeypad value={typed} onChange={setTyped} onSubmit={submitTyped} busy={busy} />
        )}
      </Center>
    </Box>
  );
}
