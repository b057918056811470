import { Alert, Button, Card, Checkbox, Group, Select, SimpleGrid, Skeleton, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { MEMBER_TEXTS, memberWriteRequest, type MemberDetail } from '@church/contract/members-manage';
import { grantableRoles } from '@church/contract/roles';
import { GENDERS, MARITAL_STATUSES, MEMBER_STATUSES } from '@church/contract/users';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { memberQuery, useSaveMember } from '../api/members';
import { capitalize } from '../components/member-badges';
import { formatPhone } from '@church/contract/rules/phone';

interface FormState {
  name: string;
  email: string;
  phone: string;
  address: string;
  dateOfBirth: string;
  joinDate: string;
  role: string;
  status: string;
  statusReason: string;
  gender: string;
  maritalStatus: string;
  occupation: string;
  emergencyContact: string;
  notes: string;
  isVolunteer: boolean;
}

const today = () => new Date().toLocaleDateString('en-CA');

const EMPTY: FormState = {
  name: '',
  email: '',
  phone: '',
  address: '',
  dateOfBirth: '',
  joinDate: '',
  role: 'member',
  status: 'active',
  statusReason: '',
  gender: '',
  maritalStatus: '',
  occupation: '',
  emergencyContact: '',
  notes: '',
  isVolunteer: false,
};

const fromMember = (m: MemberDetail['member']): FormState => ({
  name: m.name,
  email: m.email ?? '',
  phone: m.phone ? formatPhone(m.phone) : '',
  address: m.address ?? '',
  dateOfBirth: m.dateOfBirth ?? '',
  joinDate: m.joinDate,
  role: m.role,
  status: m.status,
  statusReason: '',
  gender: m.gender ?? '',
  maritalStatus: m.maritalStatus ?? '',
  occupation: m.occupation ?? '',
  emergencyContact: m.emergencyContact ?? '',
  notes: m.notes ?? '',
  isVolunteer: m.isVolunteer,
});

const options = (values: readonly string[], none?: string) => [
  ...(none ? [{ value: '', label: none }] : []),
  ...values.map((v) => ({ value: v, label: capitalize(v) })),
];

function MemberForm({ initial, id }: { initial: FormState; id?: string }) {
  const navigate = useNavigate();
  const { user } = useSession();
  const save = useSaveMember(id);
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Spec 001 §5: a field error clears when that field is edited.
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: '' }));
  };
  const roles = grantableRoles(user);
  const roleOptions = roles.includes(form.role as never) ? roles : [form.role, ...roles];
  const needsReason = form.status === 'inactive' && initial.status !== 'inactive';

  const submit = async (ev: React.FormEvent) => {
    ev.preventDefault();
    const parsed = memberWriteRequest.safeParse(form);
    const fieldErrors: Record<string, string> = {};
    // The first problem of each field is the one shown ('Email is required' before 'Email is invalid').
    if (!parsed.success) for (const i of parsed.error.issues) fieldErrors[String(i.path[0])] ??= i.message;
    if (needsReason && !form.statusReason.trim()) fieldErrors.statusReason = MEMBER_TEXTS.inactiveReasonRequired;
    if (!parsed.success || Object.keys(fieldErrors).length) {
      setErrors(fieldErrors);
      notify.error(MEMBER_TEXTS.fixErrors);
      return;
    }
    try {
      const res = await save.mutateAsync(parsed.data);
      if (id) {
        // The server's words: a new login e-mail waits for its address to confirm it (MEMBER_TEXTS.emailChangePending).
        notify.success(res.message || MEMBER_TEXTS.updated);
        navigate(paths.member(id));
      } else {
        notify.success(MEMBER_TEXTS.added(res.data.member.name));
        navigate(paths.members);
      }
    } catch (err) {
      const message = err instanceof ApiError ? err.message : '';
      const failed = id ? MEMBER_TEXTS.updateFailed : MEMBER_TEXTS.addFailed;
      if (/email already exists/i.test(message)) {
        setErrors((e) => ({ ...e, email: MEMBER_TEXTS.emailExists }));
        notify.error(MEMBER_TEXTS.emailExists);
      } else if (/validation failed/i.test(message)) {
        notify.error(MEMBER_TEXTS.validationFailed);
      } else if (!(err instanceof ApiError && err.status === 403)) {
        notify.error(message || failed);
      }
    }
  };

  return (
    <Card withBorder radius="md" padding="lg" component="form" onSubmit={submit} noValidate maw={860}>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Full name"
            required
            value={form.name}
            error={errors.name}
            onChange={(e) => set('name', e.currentTarget.value)}
          />
          <TextInput
            label="Email"
            type="email"
            description="Optional: needed only to sign in"
            value={form.email}
            error={errors.email}
            onChange={(e) => set('email', e.currentTarget.value)}
          />
          <TextInput
            label="Phone"
            type="tel"
            placeholder="082 123 4567"
            value={form.phone}
            error={errors.phone}
            onChange={(e) => set('phone', e.currentTarget.value)}
          />
          <TextInput
            label="Occupation"
            value={form.occupation}
            error={errors.occupation}
            onChange={(e) => set('occupation', e.currentTarget.value)}
          />
        </SimpleGrid>
        <TextInput label="Address" value={form.address} error={errors.address} onChange={(e) => set('address', e.currentTarget.value)} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label="Date of birth"
            type="date"
            value={form.dateOfBirth}
            error={errors.dateOfBirth}
            onChange={(e) => set('dateOfBirth', e.currentTarget.value)}
          />
          <TextInput
            label="Join date"
            type="date"
            required
            value={form.joinDate}
            error={errors.joinDate}
            onChange={(e) => set('joinDate', e.currentTarget.value)}
          />
          <Select
            label="Gender"
            data={options(GENDERS, 'Not given')}
            value={form.gender}
            error={errors.gender}
            onChange={(v) => set('gender', v ?? '')}
            allowDeselect={false}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label="Marital status"
            data={options(MARITAL_STATUSES, 'Not given')}
            value={form.maritalStatus}
            error={errors.maritalStatus}
            onChange={(v) => set('maritalStatus', v ?? '')}
            allowDeselect={false}
          />
          <Select
            label="Role"
            data={options(roleOptions)}
            value={form.role}
            error={errors.role}
            onChange={(v) => set('role', v ?? 'member')}
            allowDeselect={false}
            disabled={!roles.includes(initial.role as never)}
            description={!roles.includes(initial.role as never) ? 'Only an administrator can change this role' : undefined}
          />
          <Select
            label="Status"
            data={options(MEMBER_STATUSES)}
            value={form.status}
            error={errors.status}
            onChange={(v) => set('status', v ?? 'active')}
            allowDeselect={false}
          />
        </SimpleGrid>
        {needsReason && (
          <TextInput
            label="Reason for setting inactive"
            required
            value={form.statusReason}
            error={errors.statusReason}
            onChange={(e) => set('statusReason', e.currentTarget.value)}
          />
        )}
        <TextInput
          label="Emergency contact"
          placeholder="Name and phone number"
          value={form.emergencyContact}
          error={errors.emergencyContact}
          onChange={(e) => set('emergencyContact', e.currentTarget.value)}
        />
        <Textarea
          label="Notes"
          autosize
          minRows={3}
          value={form.notes}
          error={errors.notes}
          onChange={(e) => set('notes', e.currentTarget.value)}
        />
        <Checkbox label="Volunteer" checked={form.isVolunteer} onChange={(e) => set('isVolunteer', e.currentTarget.checked)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => navigate(-1)}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {id ? 'Save Changes' : 'Add Member'}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** /members/add: spec 001 §5 Add member — join date defaults to today, role member, status active. */
export function MemberAddPage() {
  return (
    <Stack>
      <Title order={1}>Add New Member</Title>
      <MemberForm initial={{ ...EMPTY, joinDate: today() }} />
    </Stack>
  );
}

/** /members/edit/{id}. */
export function MemberEditPage() {
  const { id = '' } = useParams();
  const q = useQuery(memberQuery(id));
  useEffect(() => {
    if (q.isError) notify.error(MEMBER_TEXTS.getFailed);
  }, [q.isError]);
  return (
    <Stack>
      <Title order={1}>Edit Member</Title>
      {q.isPending ? (
        <Skeleton height={480} maw={860} />
      ) : q.isError ? (
        <Alert color="red" title={MEMBER_TEXTS.getFailed} />
      ) : (
        <MemberForm initial={fromMember(q.data.member)} id={id} />
      )}
    </Stack>
  );
}
