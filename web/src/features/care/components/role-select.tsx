import { Select } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useChangeRole } from '../api/people-roles';

const label = (r: string) => r[0]!.toUpperCase() + r.slice(1);

/** A role dropdown that really changes the role; disabled while saving (spec 001 §4). */
export function RoleSelect({
  person,
  options,
  success,
  failure,
}: {
  person: { id: string; name: string; role: string };
  options: readonly string[];
  success: string;
  failure: string;
}) {
  const change = useChangeRole();
  const [saving, setSaving] = useState(false);
  // A person whose role is not offered here (an admin on the volunteers list) still shows it.
  const data = (options.includes(person.role) ? options : [person.role, ...options]).map((r) => ({ value: r, label: label(r) }));
  const onChange = async (role: string | null) => {
    if (!role || role === person.role) return;
    setSaving(true);
    try {
      await change.mutateAsync({ id: person.id, role });
      notify.success(success);
    } catch (err) {
      // 403 already shows the permission toast; a rule refusal (only an admin grants admin) says why.
      if (!(err instanceof ApiError && err.status === 403))
        notify.error(err instanceof ApiError && err.status === 400 ? err.message : failure);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Select
      size="xs"
      w={140}
      data={data}
      value={person.role}
      onChange={onChange}
      disabled={saving}
      allowDeselect={false}
      aria-label={`Role of ${person.name}`}
      data-testid="role-select"
    />
  );
}
