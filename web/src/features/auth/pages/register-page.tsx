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
          ? 'Full name is required'
          : v.trim().length < NAME_MIN || v.trim().length > NAME_MAX
            ? `Name must be between ${NAME_MIN} and ${NAME_MAX} characters`
            : null,
      email: (v) => (!v.trim() ? 'Email is required' : isValidEmail(v) ? null : 'Please enter a valid email address'),
      password: (v) =>
        !v ? 'Password is required' : v.length < PASSWORD_MIN ? `Password must be at least ${PASSWORD_MIN} characters` : null,
      confirmPassword: (v, values) => (!v ? 'Please confirm your password' : v !== values.password ? 'Passwords do not match' : null),
      terms: (v) => (v ? null : 'Please accept the terms and conditions'),
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
      notify.success('Account created successfully!');
      goOn();
    } catch (err) {
      notify.error(err instanceof ApiError ? err.message || 'Registration failed' : 'Registration failed. Please try again.');
      setSubmitting(false);
    }
  }

  return (
    <AuthCard title="Join Our Family" subtitle="Create your member account">
      <form onSubmit={form.onSubmit(onSubmit, () => notify.error('Please fill in all required fields'))} noValidate>
        <Stack gap="sm">
          <TextInput label="Full Name" required autoComplete="name" disabled={submitting} {...form.getInputProps('name')} />
          <TextInput
            label="Email Address"
            type="email"
            required
            autoComplete="email"
            disabled={submitting}
            {...form.getInputProps('email')}
          />
          <div>
            <PasswordInput
              label="Password"
              required
              autoComplete="new-password"
              disabled={submitting}
              visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
              {...form.getInputProps('password')}
            />
            <PasswordStrength password={form.values.password} />
          </div>
          <PasswordInput
            label="Confirm Password"
            required
            autoComplete="new-password"
            disabled={submitting}
            {...form.getInputProps('confirmPassword')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="Phone Number" autoComplete="tel" disabled={submitting} {...form.getInputProps('phone')} />
            <TextInput label="Address" autoComplete="street-address" disabled={submitting} {...form.getInputProps('address')} />
          </SimpleGrid>
          <Checkbox
            disabled={submitting}
            label={
              <>
                I agree to the{' '}
                <Anchor component={Link} to={paths.terms} target="_blank" size="sm">
                  Terms of Service
                </Anchor>{' '}
                and {/* The church's own notice and Information Officer (POPIA), in a new tab so the form keeps its values. */}
                <Anchor component={Link} to={paths.privacy} target="_blank" size="sm">
                  Privacy Policy
                </Anchor>
              </>
            }
            {...form.getInputProps('terms', { type: 'checkbox' })}
          />
          <Button type="submit" fullWidth size="md" mt="xs" disabled={submitting}>
            {submitting ? 'Creating Account...' : 'Create Account'}
          </Button>
          <Text ta="center" size="sm">
            Already have an account?{' '}
            <Anchor component={Link} to={paths.login} state={location.state}>
              Sign in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
