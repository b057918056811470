import { Button, Card, Group, PasswordInput, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { isValidEmail } from '@church/contract/rules/email';
import { joinCommaList, splitCommaList } from '@church/contract/rules/profile-lists';
import type { User } from '@church/contract/users';
import { EMAIL_CHANGE_NEEDS_PASSWORD, WRONG_CURRENT_PASSWORD } from '@church/contract/members';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useUpdateProfile } from '../api/profile';
import { formatPhone } from '@church/contract/rules/phone';

const initial = (u: User) => ({
  name: u.name,
  email: u.email ?? '',
  phone: u.phone ? formatPhone(u.phone) : '',
  address: u.address ?? '',
  birthday: u.birthday ?? '',
  spiritualGifts: joinCommaList(u.spiritualGifts),
  ministryInterests: joinCommaList(u.ministryInterests),
  currentPassword: '',
});

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Spec 000 §5: name and email required; gifts and interests comma-separated, split, trimmed, empties dropped. */
export function ProfileForm({ user, onDone }: { user: User; onDone: (updated?: User) => void }) {
  const update = useUpdateProfile();
  const session = useSession();
  const form = useForm({
    initialValues: initial(user),
    validate: {
      name: (v) => (v.trim() ? null : 'Name is required'),
      email: (v) => (!v.trim() ? 'Email is required' : isValidEmail(v.trim()) ? null : 'Please enter a valid email address'),
      currentPassword: (v, values) => (sameEmail(values.email, user.email ?? '') || v ? null : EMAIL_CHANGE_NEEDS_PASSWORD),
    },
  });
  // The e-mail is where password resets go: changing it asks for the current password (and signs out other devices).
  const emailChanging = !sameEmail(form.values.email, user.email ?? '');

  const submit = form.onSubmit(async (values) => {
    try {
      const { user: updated, token } = await update.mutateAsync({
        name: values.name.trim(),
        email: values.email.trim(),
        phone: values.phone.trim() || null,
        address: values.address.trim() || null,
        birthday: values.birthday || null,
        spiritualGifts: splitCommaList(values.spiritualGifts),
        ministryInterests: splitCommaList(values.ministryInterests),
        ...(emailChanging ? { currentPassword: values.currentPassword } : {}),
      });
      // A new e-mail ended every other session; this one continues with the token the server handed back.
      if (token) session.accept(token, updated);
      notify.success('Profile updated successfully');
      onDone(updated);
    } catch (err) {
      if (err instanceof ApiError && err.status === 400 && err.message === WRONG_CURRENT_PASSWORD)
        form.setFieldError('currentPassword', err.message);
      else if (err instanceof ApiError && (err.status === 400 || err.status === 409 || err.status === 429)) notify.error(err.message);
      else notify.error('Failed to update profile');
    }
  });

  return (
    <Card withBorder radius="lg" padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="Name" required {...form.getInputProps('name')} disabled={update.isPending} />
          <TextInput label="Email" type="email" required {...form.getInputProps('email')} disabled={update.isPending} />
          {emailChanging && (
            <PasswordInput
              label="Current password"
              description="Needed to change your email address. Your other devices will be signed out."
              required
              autoComplete="current-password"
              {...form.getInputProps('currentPassword')}
              disabled={update.isPending}
            />
          )}
          <TextInput label="Phone" type="tel" {...form.getInputProps('phone')} disabled={update.isPending} />
          <Textarea label="Address" autosize minRows={2} {...form.getInputProps('address')} disabled={update.isPending} />
          <TextInput label="Birthday" type="date" {...form.getInputProps('birthday')} disabled={update.isPending} />
          <TextInput
            label="Spiritual gifts"
            description="Separate with commas, e.g. Teaching, Hospitality"
            {...form.getInputProps('spiritualGifts')}
            disabled={update.isPending}
          />
          <TextInput
            label="Ministry interests"
            description="Separate with commas, e.g. Youth Ministry, Outreach"
            {...form.getInputProps('ministryInterests')}
            disabled={update.isPending}
          />
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => {
                form.setValues(initial(user));
                form.resetDirty();
                onDone();
              }}
              disabled={update.isPending}
            >
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Save Changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
