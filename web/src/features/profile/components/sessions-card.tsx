import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile, IconLogout } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { SessionSummary } from '@church/contract/sessions';
import { notify } from '../../../lib/notify';
import { openConfirmModal } from '../../../lib/modals';
import { useSession } from '../../../lib/session';
import { useFormat } from '../../../lib/i18n/use-format';
import { useT } from '../../../lib/i18n/use-t';
import { sessionsQuery, useEndSession, useSignOutEverywhere } from '../api/sessions';

const PHONE = /iPhone|Android/;

/**
 * Sessions (issue 29, "sign out everywhere"): every device signed in to the account with its last use,
 * "Sign out" per device, and "Sign out everywhere" (this device included). An ended session's token
 * stops working at once on the server, and its chat connection closes.
 */
export function SessionsCard() {
  const t = useT();
  const fmt = useFormat();
  const session = useSession();
  const query = useQuery(sessionsQuery());
  const end = useEndSession();
  const everywhere = useSignOutEverywhere();

  const deviceName = (s: SessionSummary) => s.device || t('member.sessions.unknownDevice');
  const lastUsed = (s: SessionSummary) => {
    const when = fmt.relative(s.lastUsedAt) ?? t('member.justNow');
    return s.ipPrefix ? t('member.sessions.lastUsedFrom', { when, address: s.ipPrefix }) : t('member.sessions.lastUsed', { when });
  };

  const endOne = (s: SessionSummary) => {
    if (s.current) return session.logout();
    end.mutate(s.id, {
      onSuccess: () => notify.success(t('member.sessions.ended')),
      onError: (err) => notify.error(err.message),
    });
  };
  const signOutEverywhere = () =>
    openConfirmModal({
      title: t('member.sessions.signOutEverywhere'),
      children: <Text size="sm">{t('member.sessions.everywhereConfirm')}</Text>,
      labels: { confirm: t('member.sessions.signOutEverywhere'), cancel: t('member.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        everywhere.mutate(undefined, {
          onSuccess: () => session.signedOut(),
          onError: (err) => notify.error(err.message),
        }),
    });

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="sessions-title">
      <Title order={4} id="sessions-title" mb={4}>
        {t('member.sessions.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('member.sessions.intro')}
      </Text>
      {query.isPending ? (
        <Stack gap="xs">
          <Skeleton height={14} />
          <Skeleton height={14} width="70%" />
        </Stack>
      ) : query.isError ? (
        <Alert color="red" title={t('member.sessions.loadFailed')}>
          <Button size="xs" color="red" variant="light" onClick={() => query.refetch()}>
            {t('member.retry')}
          </Button>
        </Alert>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('member.sessions.title')}>
          {query.data.map((s) => {
            const Icon = PHONE.test(s.device) ? IconDeviceMobile : IconDeviceDesktop;
            return (
              <Group component="li" key={s.id} justify="space-between" wrap="nowrap" gap="sm" data-testid="session-row">
                <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                  <Icon size={20} aria-hidden />
                  <div style={{ minWidth: 0 }}>
                    <Group gap={6} wrap="wrap">
                      <Text size="sm" fw={600}>
                        {deviceName(s)}
                      </Text>
                      {s.current && (
                        <Badge size="sm" variant="light" color="green">
                          {t('member.sessions.thisDevice')}
                        </Badge>
                      )}
                    </Group>
                    <Text size="xs" c="dimmed">
                      {lastUsed(s)}
                    </Text>
                  </div>
                </Group>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  loading={end.isPending && end.variables === s.id}
                  onClick={() => endOne(s)}
                  aria-label={t('member.sessions.signOutLabel', { device: deviceName(s) })}
                  style={{ flexShrink: 0 }}
                >
                  {t('member.sessions.signOut')}
                </Button>
              </Group>
            );
          })}
        </Stack>
      )}
      <Group mt="md">
        <Button
          leftSection={<IconLogout size={16} />}
          variant="outline"
          color="red"
          loading={everywhere.isPending}
          onClick={signOutEverywhere}
        >
          {t('member.sessions.signOutEverywhere')}
        </Button>
      </Group>
    </Card>
  );
}
