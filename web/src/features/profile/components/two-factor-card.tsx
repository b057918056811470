import { useState, type FormEvent } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Code,
  Group,
  List,
  PasswordInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { twoFactorQuery, useConfirmTwoFactor, useDisableTwoFactor, useRegenerateRecoveryCodes, useStartTwoFactor } from '../api/two-factor';

/**
 * What the card shows once and must not lose when the layout changes under it (turning a phone, a narrower
 * window remounts the card): the pending secret and the fresh recovery codes, kept in the query cache.
 */
function useKept<T>(name: string): [T | null, (v: T | null) => void] {
  const qc = useQueryClient();
  const queryKey = ['two-factor-card', name] as const;
  const { data } = useQuery({
    queryKey,
    queryFn: () => null as T | null,
    enabled: false,
    initialData: null,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  return [data ?? null, (v) => qc.setQueryData(queryKey, v)];
}

const codeError = (code: string) => (/^\d{6}$/.test(code.trim()) ? null : 'Enter the 6-digit code from your authenticator app');
const messageOf = (err: unknown) => (err instanceof ApiError ? err.message : 'Something went wrong. Please try again.');

/** A code field with its own submit button: used by enrolment, turning off and new recovery codes. */
function CodeField({
  value,
  onChange,
  error,
  disabled,
  label = 'Code from your app',
}: {
  value: string;
  onChange: (v: string) => void;
  error?: string | null;
  disabled?: boolean;
  label?: string;
}) {
  return (
    <TextInput
      label={label}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value.replace(/\D/g, ''))}
      error={error}
      disabled={disabled}
      w={{ base: '100%', xs: 220 }}
    />
  );
}

/** The recovery codes, shown once, until the person says they saved them. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [saved, setSaved] = useState(false);
  return (
    <Stack gap="sm">
      <Alert color="yellow" title="Save your recovery codes now">
        Each code signs you in once if you lose your phone. They are shown only this once: print them or keep them in a password manager.
      </Alert>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" aria-label="Recovery codes" role="list">
        {codes.map((c) => (
          <Code key={c} role="listitem" fz="md" data-testid="recovery-code">
            {c}
          </Code>
        ))}
      </SimpleGrid>
      <Group>
        <Button variant="light" onClick={() => void navigator.clipboard?.writeText(codes.join('\n')).then(() => notify.success('Copied.'))}>
          Copy codes
        </Button>
      </Group>
      <Checkbox label="I have saved my recovery codes" checked={saved} onChange={(e) => setSaved(e.currentTarget.checked)} />
      <Button onClick={onDone} disabled={!saved} w="fit-content">
        Done
      </Button>
    </Stack>
  );
}

/**
 * Two-factor sign-in (issue 29) on the profile: turn it on with an authenticator app (QR code or the secret
 * typed in, then a first code), see the recovery codes once, make new ones, turn it off with password and code.
 */
export function TwoFactorCard() {
  const query = useQuery(twoFactorQuery());
  const start = useStartTwoFactor();
  const confirm = useConfirmTwoFactor();
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [codes, setCodes] = useKept<string[]>('recovery-codes');
  const [enrolment, setEnrolment] = useKept<{ otpauthUri: string; secret: string }>('enrolment');
  const [mode, setMode] = useState<'idle' | 'disable' | 'regenerate'>('idle');
  const status = query.data;

  const reset = () => {
    setCode('');
    setPassword('');
    setError(null);
  };
  const onConfirm = async (e: FormEvent) => {
    e.preventDefault();
    const bad = codeError(code);
    if (bad) return setError(bad);
    try {
      const res = await confirm.mutateAsync(code.trim());
      setCodes(res.data.recoveryCodes);
      setEnrolment(null);
      reset();
      notify.success(res.message);
    } catch (err) {
      setError(messageOf(err));
    }
  };
  const onDisable = async (e: FormEvent) => {
    e.preventDefault();
    const bad = codeError(code);
    if (bad) return setError(bad);
    if (!password) return setError('Enter your password');
    try {
      const res = await disable.mutateAsync({ password, code: code.trim() });
      notify.success(res.message);
      setMode('idle');
      reset();
    } catch (err) {
      setError(messageOf(err));
    }
  };
  const onRegenerate = async (e: FormEvent) => {
    e.preventDefault();
    const bad = codeError(code);
    if (bad) return setError(bad);
    try {
      const res = await regenerate.mutateAsync(code.trim());
      setCodes(res.data.recoveryCodes);
      setMode('idle');
      reset();
    } catch (err) {
      setError(messageOf(err));
    }
  };

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="two-factor-title" id="two-factor">
      <Group justify="space-between" mb={4}>
        <Title order={4} id="two-factor-title">
          Two-factor sign-in
        </Title>
        {status && <Badge color={status.enabled ? 'green' : 'gray'}>{status.enabled ? 'On' : 'Off'}</Badge>}
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        Besides your password, sign-in asks for a code from an authenticator app on your phone (such as Google Authenticator, Microsoft
        Authenticator or Aegis).
      </Text>
      {query.isPending ? (
        <Skeleton height={36} />
      ) : query.isError ? (
        <Alert color="red">{messageOf(query.error)}</Alert>
      ) : codes ? (
        <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
      ) : status!.enabled ? (
        <Stack gap="sm">
          <Text size="sm">
            {status!.recoveryCodesLeft === 1 ? '1 recovery code left.' : `${status!.recoveryCodesLeft} recovery codes left.`}
          </Text>
          {mode === 'idle' && (
            <Group>
              <Button variant="light" onClick={() => setMode('regenerate')}>
                New recovery codes
              </Button>
              <Button variant="light" color="red" onClick={() => setMode('disable')}>
                Turn off
              </Button>
            </Group>
          )}
          {mode === 'regenerate' && (
            <form onSubmit={onRegenerate} noValidate>
              <Stack gap="sm">
                <Text size="sm">The old recovery codes stop working. Enter a code from your app to make new ones.</Text>
                <CodeField value={code} onChange={setCode} error={error} disabled={regenerate.isPending} />
                <Group>
                  <Button type="submit" loading={regenerate.isPending}>
                    Make new codes
                  </Button>
                  <Button variant="default" onClick={() => (setMode('idle'), reset())}>
                    Cancel
                  </Button>
                </Group>
              </Stack>
            </form>
          )}
          {mode === 'disable' && (
            <form onSubmit={onDisable} noValidate>
              <Stack gap="sm">
                <PasswordInput
                  label="Your password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.currentTarget.value)}
                  w={{ base: '100%', xs: 320 }}
                />
                <CodeField value={code} onChange={setCode} error={error} disabled={disable.isPending} />
                <Group>
                  <Button type="submit" color="red" loading={disable.isPending}>
                    Turn off two-factor sign-in
                  </Button>
                  <Button variant="default" onClick={() => (setMode('idle'), reset())}>
                    Cancel
                  </Button>
                </Group>
              </Stack>
            </form>
          )}
        </Stack>
      ) : enrolment ? (
        <form onSubmit={onConfirm} noValidate>
          <Stack gap="sm">
            <List type="ordered" size="sm" spacing={4}>
              <List.Item>In your authenticator app, add an account and scan this QR code.</List.Item>
              <List.Item>Enter the 6-digit code the app then shows.</List.Item>
            </List>
            <div style={{ background: 'white', padding: 8, width: 'fit-content', borderRadius: 8 }}>
              <QRCodeSVG value={enrolment.otpauthUri} size={176} role="img" aria-label="QR code for your authenticator app" />
            </div>
            <Text size="sm">
              Cannot scan? Type this key into the app instead:{' '}
              <Code data-testid="two-factor-secret" style={{ wordBreak: 'break-all' }}>
                {enrolment.secret}
              </Code>
            </Text>
            <CodeField value={code} onChange={setCode} error={error} disabled={confirm.isPending} />
            <Group>
              <Button type="submit" loading={confirm.isPending}>
                Turn on
              </Button>
              <Button variant="default" onClick={() => (setEnrolment(null), reset())}>
                Cancel
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Stack gap="sm">
          {status!.required && (
            <Alert color="orange" title="Your church requires two-factor sign-in">
              Your role can reach giving or everyone’s data, so your church asks you to set up two-factor sign-in before you continue.
            </Alert>
          )}
          <Button
            w="fit-content"
            onClick={() => start.mutate(undefined, { onSuccess: setEnrolment, onError: (err) => notify.error(messageOf(err)) })}
            loading={start.isPending}
          >
            Set up two-factor sign-in
          </Button>
        </Stack>
      )}
    </Card>
  );
}
