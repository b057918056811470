import { useEffect, useRef, useState } from 'react';
import { Button, Checkbox, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { isValidEmail } from '@church/contract/rules/email';
import {
  HOW_HEARD,
  HOW_HEARD_LABELS,
  VISITOR_AUTO_CLOSE_MS,
  VISITOR_INTERESTS,
  VISITOR_SUCCESS_TEXT,
} from '@church/contract/visitors-constants';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { registerVisitor } from '../api/submit-forms';
import { SuccessPanel } from './quick-contact-dialog';

const initialValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  firstVisitDate: '',
  howHeard: null as string | null,
  interests: [] as string[],
};

/**
 * Spec 000 §2 Quick Registration. Creates a visitor (POST /visitors), shows
 * the welcome text, closes after 3 s and resets.
 */
export function QuickRegistrationDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [done, setDone] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const form = useForm({
    initialValues,
    validate: {
      firstName: (v) => (v.trim() ? null : 'First name is required'),
      lastName: (v) => (v.trim() ? null : 'Last name is required'),
      email: (v) => (!v.trim() ? 'Email is required' : isValidEmail(v) ? null : 'Please enter a valid email address'),
    },
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  const close = () => {
    clearTimeout(timer.current);
    setDone(false);
    form.reset();
    onClose();
  };

  const submit = form.onSubmit(async (v) => {
    try {
      await registerVisitor({
        firstName: v.firstName,
        lastName: v.lastName,
        email: v.email,
        phone: v.phone.trim() || undefined,
        firstVisitDate: v.firstVisitDate || undefined,
        howHeard: (v.howHeard as (typeof HOW_HEARD)[number] | null) ?? undefined,
        interests: v.interests as (typeof VISITOR_INTERESTS)[number][],
      });
      setDone(true);
      timer.current = setTimeout(close, VISITOR_AUTO_CLOSE_MS);
    } catch (err) {
      notify.error(err instanceof ApiError ? err.message : 'Registration failed. Please try again.');
    }
  });

  return (
    <Modal opened={opened} onClose={close} title="Join Our Church Family" centered size="lg" radius="lg">
      {done ? (
        <SuccessPanel text={VISITOR_SUCCESS_TEXT} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput
                label="First Name"
                withAsterisk
                autoComplete="given-name"
                disabled={form.submitting}
                {...form.getInputProps('firstName')}
              />
              <TextInput
                label="Last Name"
                withAsterisk
                autoComplete="family-name"
                disabled={form.submitting}
                {...form.getInputProps('lastName')}
              />
            </SimpleGrid>
            <TextInput
              label="Email"
              type="email"
              withAsterisk
              autoComplete="email"
              disabled={form.submitting}
              {...form.getInputProps('email')}
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput label="Phone" type="tel" autoComplete="tel" disabled={form.submitting} {...form.getInputProps('phone')} />
              <TextInput label="First Visit Date" type="date" disabled={form.submitting} {...form.getInputProps('firstVisitDate')} />
            </SimpleGrid>
            <Select
              label="How did you hear about us?"
              placeholder="Choose one"
              data={HOW_HEARD.map((value) => ({ value, label: HOW_HEARD_LABELS[value] }))}
              clearable
              disabled={form.submitting}
              {...form.getInputProps('howHeard')}
            />
            <Checkbox.Group label="Interests" {...form.getInputProps('interests')}>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={8} mt={8}>
                {VISITOR_INTERESTS.map((i) => (
                  <Checkbox key={i} value={i} label={i} disabled={form.submitting} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
            <Group justify="flex-end" mt="xs">
              <Button type="submit" loading={form.submitting}>
                Register
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
