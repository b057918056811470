import { useEffect, useState } from 'react';
import { Anchor, Button, Checkbox, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useLocation, useNavigate } from 'react-router';
import { isValidEmail } from '@church/contract/rules/email';
import { NAME_MAX, NAME_MIN, PASSWORD_MIN } from '@church/contract/rules/password';
import { dashboardFor } from '@church/contract/rules/redirect';
import { ApiError } from '../../../lib/api-client';
import { readReturnTo } from '../../../lib/return-to';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { isMobileNow } from '../../../lib/use-is-mobile';
import { paths } from '../../../config/paths';
import { AuthCard } from '../components/auth-card';
import { PasswordStrength } from '../components/password-strength';
import { useT } from '../../../lib/i18n/use-t';
import { Trans } from '@lingui/react';

interface Values {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
  phone: string;
  address: string;
  terms: boolean;
}

/** Spec 000 §2 Register, the fuller screen (spec 000 §5, second reading; ARCHITECTURE). */
export function RegisterPage() {
  const session = useSession();
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const [submitting, setSubmitting] = useState(false);
  // A visitor sent here from an event's 'Register to Attend' goes back to it (and is registered there).
  const returnTo = readReturnTo(location.state);
  const goOn = () =>
    returnTo ? navigate(returnTo.from, { replace: true, state: returnTo.then }) : navigate(dashboardFor(isMobileNow()), { replace: true });
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { name: '', email: '', password: '', confirmPassword: '', phone: '', address: '', terms: false },
    validate: {
      name: (v) =>
        !v.trim()
          ? t('auth.register.nameRequired')
          : v.trim().length < NAME_MIN || v.trim().length > NAME_MAX
            ? t('auth.register.nameLength', { min: NAME_MIN, max: NAME_MAX })
            : null,
      email: (v) => (!v.trim() ? t('auth.register.emailRequired') : isValidEmail(v) ? null : t('auth.invalidEmail')),
      password: (v) => (!v ? t('auth.passwordRequired') : v.length < PASSWORD_MIN ? t('auth.passwordMin', { min: PASSWORD_MIN }) : null),
      confirmPassword: (v, values) => (!v ? t('auth.register.confirmRequired') : v !== values.password ? t('auth.passwordsDiffer') : null),
      terms: (v) => (v ? null : t('auth.register.termsRequired')),
    },
  });

  // Already signed in: straight to this device's dashboard.
  useEffect(() => {
    if (session.isAuthenticated && !session.loading && !submitting) goOn();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- where to go is read once, when the session settles
  }, [session.isAuthenticated, session.loading, submitting, navigate]);

  async function onSubmit(values: Values) {
    setSubmitting(true);
    try {
      await session.register({
        name: values.name.trim(),
        email: values.email.trim(),
        password: values.password,
        // Optional fields are left out when empty (spec 000 §5).
        ...(values.phone.trim() ? { phone: values.phone.trim() } : {}),
        ...(values.address.trim() ? { address: values.address.trim() } : {}),
      });
      notify.success(t('auth.register.created'));
      goOn();
    } catch (err) {
      notify.error(err instanceof ApiError ? err.message || t('auth.register.failed') : t('auth.register.failedRetry'));
      setSubmitting(false);
    }
  }

  return (
    <AuthCard title={t('auth.register.title')} subtitle={t('auth.register.subtitle')}>
      <form onSubmit={form.onSubmit(onSubmit, () => notify.error(t('auth.register.fillRequired')))} noValidate>
        <Stack gap="sm">
          <TextInput label={t('auth.register.name')} required autoComplete="name" disabled={submitting} {...form.getInputProps('name')} />
          <TextInput
            label={t('auth.register.email')}
            type="email"
            required
            autoComplete="email"
            disabled={submitting}
            {...form.getInputProps('email')}
          />
          <div>
            <PasswordInput
              label={t('auth.password')}
              required
              autoComplete="new-password"
              disabled={submitting}
              visibilityToggleButtonProps={{ 'aria-label': t('auth.showPassword') }}
              {...form.getInputProps('password')}
            />
            <PasswordStrength password={form.values.password} />
          </div>
          <PasswordInput
            label={t('auth.register.confirm')}
            visibilityToggleButtonProps={{ 'aria-label': t('auth.showPassword') }}
            required
            autoComplete="new-password"
            disabled={submitting}
            {...form.getInputProps('confirmPassword')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t('auth.register.phone')} autoComplete="tel" disabled={submitting} {...form.getInputProps('phone')} />
            <TextInput
              label={t('auth.register.address')}
              autoComplete="street-address"
              disabled={submitting}
              {...form.getInputProps('address')}
            />
          </SimpleGrid>
          <Checkbox
            disabled={submitting}
            label={
              // The church's terms and its own notice and Information Officer (POPIA), in new tabs so the form keeps its values.
              <Trans
                id="auth.register.terms"
                components={{
                  0: <Anchor component={Link} to={paths.terms} target="_blank" size="sm" />,
                  1: <Anchor component={Link} to={paths.privacy} target="_blank" size="sm" />,
                }}
              />
            }
            {...form.getInputProps('terms', { type: 'checkbox' })}
          />
          <Button type="submit" fullWidth size="md" mt="xs" disabled={submitting}>
            {submitting ? t('auth.register.submitting') : t('auth.register.submit')}
          </Button>
          <Text ta="center" size="sm">
            {t('auth.register.haveAccount')}{' '}
            <Anchor component={Link} to={paths.login} state={location.state}>
              {t('auth.register.signIn')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
