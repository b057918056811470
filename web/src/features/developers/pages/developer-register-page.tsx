import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Group,
  PasswordInput,
  Radio,
  SimpleGrid,
  Stack,
  Stepper,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { DEV_TEXTS, USE_CASES } from '@church/contract/developer-texts';
import { ApiError } from '../../../lib/api-client';
import { devNotify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { paths } from '../../../config/paths';
import { DeveloperShell } from '../components/developer-shell';

type UseCase = (typeof USE_CASES)[number]['value'];

/** Spec 002 §2.6: Basic Info, Account, Project; the payload of §3. */
export function DeveloperRegisterPage() {
  const session = useSession();
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [busy, setBusy] = useState(false);
  /** The church closed developer registration (security settings): the server's refusal stays on the page, not only in a toast. */
  const [refused, setRefused] = useState<string | null>(null);
  const [f, setF] = useState({
    name: '',
    email: '',
    password: '',
    confirmPassword: '',
    acceptTerms: false,
    useCase: '' as UseCase | '',
    company: '',
    website: '',
    projectDescription: '',
    newsletter: false,
  });
  const set = <K extends keyof typeof f>(k: K, v: (typeof f)[K]) => setF((old) => ({ ...old, [k]: v }));

  function next() {
    if (step === 0 && (!f.name.trim() || !f.email.trim())) return devNotify.error(DEV_TEXTS.fillRequired);
    if (step === 1 && !f.password) return devNotify.error(DEV_TEXTS.createPassword);
    setStep((s) => s + 1);
  }

  async function submit() {
    if (f.password !== f.confirmPassword) return devNotify.error(DEV_TEXTS.passwordsMismatch);
    if (!f.acceptTerms) return devNotify.error(DEV_TEXTS.acceptTerms);
    if (!f.useCase) return devNotify.error('Please choose a use case');
    setBusy(true);
    try {
      await session.register({
        name: f.name.trim(),
        email: f.email.trim(),
        password: f.password,
        role: 'developer',
        permissions: ['api:access'],
        developerProfile: { company: f.company, website: f.website, useCase: f.useCase, projectDescription: f.projectDescription },
        communicationPreferences: { newsletter: f.newsletter, productUpdates: true, apiChanges: true },
      });
      devNotify.success(DEV_TEXTS.registered);
      navigate(`${paths.apiKeys}?onboarding=true`, { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.status === 403 && err.message) setRefused(err.message);
      devNotify.error(err instanceof Error && err.message ? err.message : DEV_TEXTS.registrationFailedRetry);
      setBusy(false);
    }
  }

  return (
    <DeveloperShell title="Developer Registration" subtitle="Create a developer account to get API keys">
      {refused && (
        <Alert
          color="red"
          variant="light"
          maw={640}
          mx="auto"
          mb="md"
          role="alert"
          title="Registration is closed"
          data-testid="registration-refused"
        >
          {refused}
        </Alert>
      )}
      <Card withBorder radius="md" maw={640} mx="auto" p="lg">
        <Stepper active={step} size="sm" mb="lg" allowNextStepsSelect={false} onStepClick={(s) => s < step && setStep(s)}>
          <Stepper.Step label="Basic Info">
            <Stack>
              <TextInput
                label="Full name"
                required
                value={f.name}
                onChange={(e) => set('name', e.currentTarget.value)}
                autoComplete="name"
              />
              <TextInput
                label="Email"
                type="email"
                required
                value={f.email}
                onChange={(e) => set('email', e.currentTarget.value)}
                autoComplete="email"
              />
            </Stack>
          </Stepper.Step>
          <Stepper.Step label="Account">
            <Stack>
              <PasswordInput
                label="Password"
                required
                description={DEV_TEXTS.passwordHint}
                value={f.password}
                onChange={(e) => set('password', e.currentTarget.value)}
                autoComplete="new-password"
                visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
              />
              <PasswordInput
                label="Confirm password"
                required
                value={f.confirmPassword}
                onChange={(e) => set('confirmPassword', e.currentTarget.value)}
                autoComplete="new-password"
                visibilityToggleButtonProps={{ 'aria-label': 'Show or hide confirmation' }}
              />
              <Checkbox
                label="I accept the terms and conditions"
                checked={f.acceptTerms}
                onChange={(e) => set('acceptTerms', e.currentTarget.checked)}
              />
              <Checkbox
                label="Send me the developer newsletter"
                checked={f.newsletter}
                onChange={(e) => set('newsletter', e.currentTarget.checked)}
              />
            </Stack>
          </Stepper.Step>
          <Stepper.Step label="Project">
            <Stack>
              <Radio.Group label="What will you build?" required value={f.useCase} onChange={(v) => set('useCase', v as UseCase)}>
                <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
                  {USE_CASES.map((u) => (
                    <Radio key={u.value} value={u.value} label={u.label} />
                  ))}
                </SimpleGrid>
              </Radio.Group>
              <TextInput
                label="Company"
                value={f.company}
                onChange={(e) => set('company', e.currentTarget.value)}
                autoComplete="organization"
              />
              <TextInput
                label="Website"
                value={f.website}
                onChange={(e) => set('website', e.currentTarget.value)}
                placeholder="https://"
                autoComplete="url"
              />
              <Textarea
                label="Project description"
                value={f.projectDescription}
                onChange={(e) => set('projectDescription', e.currentTarget.value)}
                autosize
                minRows={3}
              />
            </Stack>
          </Stepper.Step>
        </Stepper>
        <Group justify="space-between">
          <Button variant="default" onClick={() => setStep((s) => s - 1)} disabled={step === 0 || busy}>
            Back
          </Button>
          {step < 2 ? (
            <Button onClick={next}>Continue</Button>
          ) : (
            <Button onClick={submit} loading={busy}>
              Create Account
            </Button>
          )}
        </Group>
        <Text size="sm" ta="center" mt="lg">
          Already have an account?{' '}
          <Anchor component={Link} to={paths.developerLogin}>
            Sign in
          </Anchor>
        </Text>
      </Card>
    </DeveloperShell>
  );
}
