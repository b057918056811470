import { useState } from 'react';
import { Button, Group, NumberInput, PasswordInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { setupRequest, type SetupRequest } from '@church/contract/setup';
import type { Service } from '@church/contract/site-content';
import { sessionResponse } from '@church/contract/auth';
import { api, ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';

export type ChurchDetails = Pick<SetupRequest, 'code' | 'churchName' | 'timeZone' | 'founded'>;

const zones = () => {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['Africa/Johannesburg', ...all.filter((z) => z !== 'Africa/Johannesburg')];
};

/** Step 1: the setup code from the server's log, the church's name and its time zone. */
export function ChurchStep({
  value,
  onChange,
  onNext,
}: {
  value: ChurchDetails;
  onChange: (v: ChurchDetails) => void;
  onNext: () => void;
}) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  function next() {
    const r = setupRequest.pick({ code: true, churchName: true, timeZone: true, founded: true }).safeParse(value);
    if (!r.success) return setErrors(Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message])));
    if (!value.code.trim()) return setErrors({ code: 'Enter the setup code from the server log' });
    setErrors({});
    onNext();
  }
  return (
    <Stack mt="md" maw={520}>
      <TextInput
        label="Setup code"
        description="Printed in the server's log when it starts: 'No administrator yet: … with the setup code …'"
        required
        autoComplete="off"
        value={value.code}
        error={errors.code}
        onChange={(e) => onChange({ ...value, code: e.currentTarget.value })}
      />
      <TextInput
        label="Church name"
        required
        value={value.churchName}
        error={errors.churchName}
        onChange={(e) => onChange({ ...value, churchName: e.currentTarget.value })}
      />
      <NumberInput
        label="Year founded"
        description="Optional: shown on the home page"
        min={1800}
        max={2100}
        value={value.founded ?? ''}
        error={errors.founded}
        onChange={(v) => onChange({ ...value, founded: typeof v === 'number' ? v : null })}
      />
      <Select
        label="Time zone"
        searchable
        data={zones()}
        value={value.timeZone}
        error={errors.timeZone}
        allowDeselect={false}
        onChange={(v) => v && onChange({ ...value, timeZone: v })}
      />
      <Group justify="flex-end">
        <Button onClick={next}>Continue</Button>
      </Group>
    </Stack>
  );
}

/** Step 3: the first administrator; submitting sets the church up and signs them in. */
export interface AdminDetails {
  name: string;
  email: string;
  password: string;
  confirm: string;
}

export function AdministratorStep({
  church,
  services,
  admin,
  setAdmin,
  onBack,
  onDone,
}: {
  church: ChurchDetails;
  services: Service[];
  /** Kept by the page: going Back to fix the code keeps what was typed here. */
  admin: AdminDetails;
  setAdmin: (a: AdminDetails) => void;
  onBack: () => void;
  onDone: () => Promise<void>;
}) {
  const session = useSession();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  async function submit() {
    const body = { ...church, services, admin: { name: admin.name, email: admin.email, password: admin.password } };
    const r = setupRequest.safeParse(body);
    const found = r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
    if (admin.password !== admin.confirm) found['admin.confirm'] = 'Passwords do not match';
    setErrors(found);
    const first = Object.entries(found)[0];
    if (first) return notify.error(first[1]);
    setBusy(true);
    try {
      const res = await api('/setup', { method: 'POST', body, schema: sessionResponse });
      session.accept(res.token, res.user);
      notify.success(res.message);
      await onDone();
    } catch (err) {
      notify.error(err instanceof ApiError ? err.message : 'Setup failed. Please try again.');
    } finally {
      setBusy(false);
    }
  }
  const field = (key: 'name' | 'email', label: string, type = 'text') => (
    <TextInput
      label={label}
      type={type}
      required
      value={admin[key]}
      error={errors[`admin.${key}`]}
      onChange={(e) => setAdmin({ ...admin, [key]: e.currentTarget.value })}
    />
  );
  return (
    <Stack mt="md" maw={520}>
      <Text>The first administrator runs the church&apos;s site and can invite the other leaders.</Text>
      {field('name', 'Full Name')}
      {field('email', 'Email Address', 'email')}
      <PasswordInput
        label="Password"
        description="At least 8 characters"
        required
        value={admin.password}
        error={errors['admin.password']}
        onChange={(e) => setAdmin({ ...admin, password: e.currentTarget.value })}
      />
      <PasswordInput
        label="Confirm Password"
        required
        value={admin.confirm}
        error={errors['admin.confirm']}
        onChange={(e) => setAdmin({ ...admin, confirm: e.currentTarget.value })}
      />
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
        <Button onClick={() => void submit()} loading={busy}>
          Set up the church
        </Button>
      </Group>
    </Stack>
  );
}
