import { useState } from 'react';
import { Alert, Button, Group, Modal, Paper, SegmentedControl, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MERGE_FIELDS, MESSAGING_TEXTS, RECIPIENT_TYPE_LABELS, RECIPIENT_TYPES, type RecipientType } from '@church/contract/messaging';
import { notify } from '../../../lib/notify';
import { messagingKeys, previewMessage, saveTemplate, sendBulkMessage, templatesQuery } from '../api/messaging';

interface Draft {
  subject: string;
  message: string;
  recipientType: RecipientType;
  schedule: 'immediately' | 'scheduled';
  scheduledDate: string;
  scheduledTime: string;
}
const blank = (): Draft => ({
  subject: '',
  message: '',
  recipientType: 'all',
  schedule: 'immediately',
  scheduledDate: '',
  scheduledTime: '',
});

/**
 * The bulk messaging dialog (spec 001 §2/§3): compose, see who it reaches
 * (and how the first of them reads it), then send now or at a time in the
 * church's time zone. Used by /messages and the pastor dashboard's quick actions.
 */
export function BulkMessageDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(blank);
  const [error, setError] = useState<string | null>(null);
  const [templateName, setTemplateName] = useState('');
  const templates = useQuery({ ...templatesQuery, enabled: opened });
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => {
    setDraft((d) => ({ ...d, [k]: v }));
    setError(null);
    preview.reset();
  };

  const preview = useMutation({ mutationFn: () => previewMessage(draft) });
  const send = useMutation({
    mutationFn: () => sendBulkMessage(draft),
    onSuccess: (res) => {
      notify.success(res.message);
      void queryClient.invalidateQueries({ queryKey: messagingKeys.all });
      close();
    },
    onError: () => notify.error(MESSAGING_TEXTS.failed),
  });
  const save = useMutation({
    mutationFn: () => saveTemplate({ name: templateName.trim(), subject: draft.subject, message: draft.message }),
    onSuccess: () => {
      notify.success('Template saved');
      setTemplateName('');
      void queryClient.invalidateQueries({ queryKey: [...messagingKeys.all, 'templates'] });
    },
    onError: (e: Error) => notify.error(e.message || 'Failed to save template'),
  });

  function close() {
    setDraft(blank());
    setError(null);
    preview.reset();
    onClose();
  }

  /** Spec 001 §5: subject and message required; date and time when scheduled. */
  function check(): boolean {
    if (!draft.subject.trim() || !draft.message.trim()) return (setError(MESSAGING_TEXTS.required), false);
    if (draft.schedule === 'scheduled' && (!draft.scheduledDate || !draft.scheduledTime))
      return (setError(MESSAGING_TEXTS.dateTimeRequired), false);
    return true;
  }

  const p = preview.data?.data;
  return (
    <Modal opened={opened} onClose={close} title="Send Bulk Message" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        {(templates.data?.data.templates.length ?? 0) > 0 && (
          <Select
            label="Start from a template"
            placeholder="Choose a template"
            data={templates.data!.data.templates.map((t) => ({ value: t.id, label: t.name }))}
            onChange={(id) => {
              const t = templates.data!.data.templates.find((x) => x.id === id);
              if (t) setDraft((d) => ({ ...d, subject: t.subject, message: t.message }));
              preview.reset();
            }}
            clearable
          />
        )}
        <Select
          label="Recipients"
          data={RECIPIENT_TYPES.map((r) => ({ value: r, label: RECIPIENT_TYPE_LABELS[r] }))}
          value={draft.recipientType}
          onChange={(v) => v && set('recipientType', v as RecipientType)}
          allowDeselect={false}
        />
        <TextInput label="Subject" value={draft.subject} onChange={(e) => set('subject', e.currentTarget.value)} maxLength={200} />
        <Textarea
          label="Message"
          description={`Merge fields: ${MERGE_FIELDS.join(', ')} are replaced for each recipient.`}
          value={draft.message}
          onChange={(e) => set('message', e.currentTarget.value)}
          autosize
          minRows={5}
          maxLength={10_000}
        />
        <div>
          <Text size="sm" fw={500} mb={4} id="schedule-label">
            When
          </Text>
          <SegmentedControl
            aria-labelledby="schedule-label"
            value={draft.schedule}
            onChange={(v) => set('schedule', v as Draft['schedule'])}
            data={[
              { value: 'immediately', label: 'Send immediately' },
              { value: 'scheduled', label: 'Schedule' },
            ]}
          />
        </div>
        {draft.schedule === 'scheduled' && (
          <Group grow align="flex-start">
            <TextInput type="date" label="Date" value={draft.scheduledDate} onChange={(e) => set('scheduledDate', e.currentTarget.value)} />
            <TextInput
              type="time"
              label="Time"
              description="In the church's time zone"
              value={draft.scheduledTime}
              onChange={(e) => set('scheduledTime', e.currentTarget.value)}
            />
          </Group>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {preview.isError && <Alert color="red">{(preview.error as Error).message}</Alert>}
        {p && (
          <Paper withBorder p="sm" radius="md" aria-label="Preview">
            <Text fw={600} data-testid="recipient-count">
              {p.recipientCount === 1 ? '1 recipient' : `${p.recipientCount} recipients`}
            </Text>
            <Text size="sm" c="dimmed">
              {p.smtpConfigured
                ? `${p.emailCount} will also get it by e-mail (the others opted out).`
                : 'In-app notifications only: e-mail (SMTP) is not set up.'}
            </Text>
            {p.sample && (
              <Stack gap={2} mt="xs">
                <Text size="sm">
                  <strong>{p.sample.subject}</strong> — as {p.sample.name} will read it:
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {p.sample.message}
                </Text>
              </Stack>
            )}
          </Paper>
        )}
        <Group justify="space-between" align="flex-end">
          <Group gap="xs" align="flex-end">
            <TextInput
              label="Save as template"
              placeholder="Template name"
              value={templateName}
              onChange={(e) => setTemplateName(e.currentTarget.value)}
            />
            <Button variant="default" disabled={!templateName.trim()} loading={save.isPending} onClick={() => check() && save.mutate()}>
              Save template
            </Button>
          </Group>
          <Group gap="xs">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            {!p ? (
              <Button loading={preview.isPending} onClick={() => check() && preview.mutate()}>
                Preview
              </Button>
            ) : (
              <Button loading={send.isPending} disabled={p.recipientCount === 0} onClick={() => check() && send.mutate()}>
                {draft.schedule === 'scheduled' ? 'Schedule Message' : 'Send Message'}
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
