import { useEffect, useRef, useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text, Textarea, TextInput, ThemeIcon } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { CONTACT_AUTO_CLOSE_MS, CONTACT_SUCCESS_TEXT, type ContactMethod } from '@church/contract/contact-constants';
import { isValidEmail } from '@church/contract/rules/email';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { sendContactMessage } from '../api/submit-forms';

const METHODS: { value: ContactMethod; label: string }[] = [
  { value: 'email', label: 'Email' },
  { value: 'phone', label: 'Phone' },
  { value: 'whatsapp', label: 'WhatsApp' },
];

const initialValues = { name: '', email: '', phone: '', preferredContact: 'email' as ContactMethod, message: '' };

/**
 * Spec 000 §2 Quick Contact: Full Name, Email, Phone, Preferred Contact
 * Method, Message. Really sends; then the success text, closes after 2 s and resets.
 */
export function QuickContactForm({ onDone }: { onDone?: () => void }) {
  const [sent, setSent] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const form = useForm({
    initialValues,
    validate: {
      name: (v) => (v.trim() ? null : 'Full name is required'),
      email: (v) => (!v.trim() ? 'Email is required' : isValidEmail(v) ? null : 'Please enter a valid email address'),
      message: (v) => (v.trim() ? null : 'Message is required'),
    },
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  const submit = form.onSubmit(async (values) => {
    try {
      await sendContactMessage({ ...values, phone: values.phone.trim() || undefined });
      setSent(true);
      timer.current = setTimeout(() => {
        setSent(false);
        form.reset();
        onDone?.();
      }, CONTACT_AUTO_CLOSE_MS);
    } catch (err) {
      notify.error(err instanceof ApiError ? err.message : 'Could not send your message. Please try again.');
    }
  });

  if (sent) return <SuccessPanel text={CONTACT_SUCCESS_TEXT} />;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="Full Name" withAsterisk autoComplete="name" disabled={form.submitting} {...form.getInputProps('name')} />
        <TextInput
          label="Email"
          type="email"
          withAsterisk
          autoComplete="email"
          disabled={form.submitting}
          {...form.getInputProps('email')}
        />
        <TextInput label="Phone" type="tel" autoComplete="tel" disabled={form.submitting} {...form.getInputProps('phone')} />
        <Select
          label="Preferred Contact Method"
          data={METHODS}
          allowDeselect={false}
          disabled={form.submitting}
          {...form.getInputProps('preferredContact')}
        />
        <Textarea
          label="Message"
          withAsterisk
          minRows={4}
          autosize
          maxRows={8}
          disabled={form.submitting}
          {...form.getInputProps('message')}
        />
        <Group justify="flex-end" mt="xs">
          <Button type="submit" loading={form.submitting}>
            Send Message
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function SuccessPanel({ text }: { text: string }) {
  return (
    <Stack align="center" py="xl" gap="md" role="status">
      <ThemeIcon size={64} radius="xl" color="green" variant="light">
        <IconCircleCheck size={40} />
      </ThemeIcon>
      <Text ta="center" fw={600} fz="lg" maw={360}>
        {text}
      </Text>
    </Stack>
  );
}

export function QuickContactDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Get in Touch" centered size="lg" radius="lg">
      <QuickContactForm onDone={onClose} />
    </Modal>
  );
}
