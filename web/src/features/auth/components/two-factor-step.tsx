import { useState, type FormEvent } from 'react';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import type { User } from '@church/contract/users';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';

/**
 * Sign-in, second step (issue 29): the 6-digit code from the authenticator app, or one of the recovery codes
 * when the phone is not at hand. The challenge is the first step's answer; it lasts five minutes.
 */
export function TwoFactorStep({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: string;
  onSignedIn: (user: User) => void;
  onRestart: () => void;
}) {
  const session = useSession();
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const v = value.trim();
    if (!useRecovery && !/^\d{6}$/.test(v)) return setError('Enter the 6-digit code from your authenticator app');
    if (useRecovery && v.length < 8) return setError('Enter one of your recovery codes');
    setSubmitting(true);
    setError(null);
    try {
      onSignedIn(await session.loginSecondStep(useRecovery ? { challenge, recoveryCode: v } : { challenge, code: v }));
    } catch (err) {
      setSubmitting(false);
      setValue('');
      if (err instanceof ApiError && err.status === 401 && /took too long/.test(err.message)) {
        notify.error(err.message);
        return onRestart();
      }
      setError(err instanceof ApiError ? err.message : 'Sign-in failed. Please try again.');
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="two-factor-step-title">
      <Stack>
        <Text id="two-factor-step-title" fw={600}>
          Two-factor sign-in
        </Text>
        <Text size="sm" c="dimmed">
          {useRecovery
            ? 'Enter one of the recovery codes you saved when you set up two-factor sign-in. Each code works once.'
            : 'Open your authenticator app and enter the 6-digit code it shows for this church.'}
        </Text>
        {useRecovery ? (
          <TextInput
            key="recovery"
            label="Recovery code"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            error={error}
            disabled={submitting}
            data-autofocus
          />
        ) : (
          <TextInput
            key="code"
            label="Authentication code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={value}
            onChange={(e) => setValue(e.currentTarget.value.replace(/\D/g, ''))}
            error={error}
            disabled={submitting}
            data-autofocus
          />
        )}
        <Button type="submit" fullWidth size="md" disabled={submitting}>
          {submitting ? 'Checking…' : 'Verify and sign in'}
        </Button>
        <Anchor
          component="button"
          type="button"
          size="sm"
          ta="center"
          onClick={() => {
            setUseRecovery((r) => !r);
            setValue('');
            setError(null);
          }}
        >
          {useRecovery ? 'Use the code from my app instead' : 'Use a recovery code instead'}
        </Anchor>
        <Anchor component="button" type="button" size="sm" ta="center" c="dimmed" onClick={onRestart}>
          Start again with my password
        </Anchor>
      </Stack>
    </form>
  );
}
