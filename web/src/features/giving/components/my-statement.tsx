import { Button, Card, Group, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { statementQuery } from '@church/contract/giving-statements';
import { notify } from '../../../lib/notify';
import { useT } from '../../../lib/i18n/use-t';
import { todayInZone, useChurchTimeZone } from '../../../lib/church-time';
import { download } from '../api/admin';
import { PeriodFields } from './period-fields';

/** The South African tax year that holds this day: 1 March to the end of February. */
export function taxYearOf(day: string) {
  const [y, m] = day.split('-').map(Number) as [number, number];
  const start = m >= 3 ? y : y - 1;
  const leap = (start + 1) % 4 === 0 && ((start + 1) % 100 !== 0 || (start + 1) % 400 === 0);
  return { from: `${start}-03-01`, to: `${start + 1}-02-${leap ? 29 : 28}` };
}

/** Issue 32: the member's giving statement for any period (a PDF from the server), apart from 18A certificates. */
export function MyStatement() {
  const t = useT();
  const today = todayInZone(useChurchTimeZone());
  const [period, setPeriod] = useState(() => ({ from: taxYearOf(today).from, to: today }));
  const [busy, setBusy] = useState(false);
  const checked = statementQuery.safeParse(period);
  const problem = checked.success ? null : checked.error.issues[0]!.message;
  const get = async () => {
    setBusy(true);
    try {
      await download('/giving/statements/mine', period, 'giving-statement.pdf');
    } catch (e) {
      notify.error(e instanceof Error ? e.message : t('member.giving.certificates.downloadFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="my-statement">
      <Title order={4}>{t('member.giving.statement.title')}</Title>
      <Text size="sm" c="gray.7" mb="sm">
        {t('member.giving.statement.description')}
      </Text>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <PeriodFields
          period={period}
          onChange={setPeriod}
          labels={{ from: t('member.giving.statement.from'), to: t('member.giving.statement.to') }}
          error={problem}
        />
        <Button variant="light" onClick={get} loading={busy} disabled={!!problem}>
          {t('member.giving.statement.download')}
        </Button>
      </Group>
    </Card>
  );
}
