import { Button, Card, Stack, Switch, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PRAYER_TEXTS } from '@church/contract/prayers';
import { notify } from '../../../lib/notify';
import { useSubmitPrayer } from '../api/prayers';

/** Spec 000 §5: title and description required; 'Share publicly with church' on by default. */
export function PrayerForm() {
  const submit = useSubmitPrayer();
  const form = useForm({
    initialValues: { title: '', description: '', isPublic: true },
    validate: {
      title: (v) => (v.trim() ? null : 'Title is required'),
      description: (v) => (v.trim() ? null : 'Description is required'),
    },
  });

  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={4} mb="sm">
        New Prayer Request
      </Title>
      <form
        noValidate
        onSubmit={form.onSubmit(async (values) => {
          try {
            await submit.mutateAsync({ title: values.title.trim(), description: values.description.trim(), isPublic: values.isPublic });
            notify.success('Prayer request submitted');
            form.reset();
          } catch {
            notify.error(PRAYER_TEXTS.submitFailed);
          }
        })}
      >
        <Stack gap="sm">
          <TextInput
            label="Title"
            placeholder="What can we pray about?"
            required
            maxLength={150}
            {...form.getInputProps('title')}
            disabled={submit.isPending}
          />
          <Textarea
            label="Description"
            placeholder="Share as much as you are comfortable with"
            required
            autosize
            minRows={3}
            maxLength={4000}
            {...form.getInputProps('description')}
            disabled={submit.isPending}
          />
          <Switch
            label="Share publicly with church"
            {...form.getInputProps('isPublic', { type: 'checkbox' })}
            disabled={submit.isPending}
          />
          <Button type="submit" loading={submit.isPending}>
            Submit Prayer Request
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
