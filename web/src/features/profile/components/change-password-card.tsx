import { Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PASSWORD_UPDATE_TEXTS, updatePasswordRequest } from '@church/contract/auth';
import { WRONG_CURRENT_PASSWORD } from '@church/contract/members';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useUpdatePassword } from '../api/profile';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The first message the contract's rule gives for one field (the server checks the same rule). */
function ruleMessage(field: 'currentPassword' | 'newPassword', values: typeof EMPTY) {
  const parsed = updatePasswordRequest.safeParse(values);
  if (parsed.success) return null;
  return parsed.error.issues.find((i) => i.path[0] === field)?.message ?? null;
}

/**
 * Change password for a signed-in person (PATCH /auth/update-password, spec 002 §7.1 and §8). The server
 * signs out every other session and answers with a fresh token for this one, which the session keeps.
 */
export function ChangePasswordCard() {
  const session = useSession();
  const update = useUpdatePassword();
  const form = useForm({
    initialValues: EMPTY,
    validate: {
      currentPassword: (_v, values) => ruleMessage('currentPassword', values),
      newPassword: (_v, values) => ruleMessage('newPassword', values),
      confirmPassword: (v, values) => (v === values.newPassword ? null : PASSWORD_UPDATE_TEXTS.mismatch),
    },
  });

  const submit = form.onSubmit(async ({ currentPassword, newPassword }) => {
    try {
      const res = await update.mutateAsync({ currentPassword, newPassword });
      session.accept(res.token, res.user);
      form.reset();
      notify.success(res.message ?? PASSWORD_UPDATE_TEXTS.updated);
    } catch (err) {
      if (err instanceof ApiError && err.status === 400 && err.message === WRONG_CURRENT_PASSWORD)
        form.setFieldError('currentPassword', err.message);
      else if (err instanceof ApiError && (err.status === 400 || err.status === 429)) notify.error(err.message);
      else notify.error(PASSWORD_UPDATE_TEXTS.failed);
    }
  });

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="change-password-title">
      <Title order={4} id="change-password-title" mb={4}>
        Change password
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Your other devices will be signed out; this one stays signed in.
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <PasswordInput
            label="Current password"
            required
            autoComplete="current-password"
            {...form.getInputProps('currentPassword')}
            disabled={update.isPending}
          />
          <PasswordInput
            label="New password"
            required
            autoComplete="new-password"
            {...form.getInputProps('newPassword')}
            disabled={update.isPending}
          />
          <PasswordInput
            label="Confirm new password"
            required
            autoComplete="new-password"
            {...form.getInputProps('confirmPassword')}
            disabled={update.isPending}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              Update password
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
