import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { Donor } from '@church/contract/giving-batches';
import { statementQuery } from '@church/contract/giving-statements';
import { todayInZone, useChurchTimeZone } from '../../../lib/church-time';
import { notify } from '../../../lib/notify';
import { download } from '../api/admin';
import { PeriodFields } from '../components/period-fields';
import { taxYearOf } from '../components/my-statement';
import { DonorPicker } from './donor-picker';

/**
 * Giving statements (issue 32): one person's for any period, or everyone's who gave in it as one ZIP of PDFs.
 * Statements list every completed gift; section 18A certificates (their own tab) only eligible ones.
 */
export function StatementsPanel() {
  const today = todayInZone(useChurchTimeZone());
  const [period, setPeriod] = useState(() => taxYearOf(today));
  const [donor, setDonor] = useState<Donor | null>(null);
  const [busy, setBusy] = useState<'one' | 'all' | null>(null);
  const checked = statementQuery.safeParse(period);
  const problem = checked.success ? null : checked.error.issues[0]!.message;
  const get = async (which: 'one' | 'all') => {
    setBusy(which);
    try {
      const name =
        which === 'all'
          ? await download('/giving/statements/zip', period, 'giving-statements.zip')
          : await download(`/giving/statements/${donor!.id}`, period, 'giving-statement.pdf');
      notify.success(`Downloaded ${name}`);
    } catch (e) {
      notify.error(e instanceof Error ? e.message : 'Download failed');
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack gap="md">
      <Text size="sm" c="gray.7">
        A giving statement lists every completed gift of a person in the period, for their own records. It is not a section 18A certificate
        (those cover eligible funds only, on the Tax certificates tab). Gifts without a person&apos;s account have no statement.
      </Text>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <PeriodFields period={period} onChange={setPeriod} labels={{ from: 'From', to: 'To' }} error={problem} />
      </Group>
      <Card withBorder radius="md">
        <Title order={3} size="h5" mb="xs">
          Everyone who gave
        </Title>
        <Button onClick={() => get('all')} loading={busy === 'all'} disabled={!!problem || busy !== null}>
          Download all statements (ZIP)
        </Button>
      </Card>
      <Card withBorder radius="md">
        <Title order={3} size="h5" mb="xs">
          One person
        </Title>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <DonorPicker value={donor} onChange={setDonor} />
          <Button variant="light" onClick={() => get('one')} loading={busy === 'one'} disabled={!donor || !!problem || busy !== null}>
            Download statement
          </Button>
        </Group>
      </Card>
    </Stack>
  );
}
