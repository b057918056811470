import { Button, Card, Stack, Switch, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notify } from '../../../lib/notify';
import { useT } from '../../../lib/i18n/use-t';
import { useSubmitPrayer } from '../api/prayers';

/** Spec 000 §5: title and description required; 'Share publicly with church' on by default. */
export function PrayerForm() {
  const submit = useSubmitPrayer();
  const t = useT();
  const form = useForm({
    initialValues: { title: '', description: '', isPublic: true },
    validate: {
      title: (v) => (v.trim() ? null : t('member.prayer.titleRequired')),
      description: (v) => (v.trim() ? null : t('member.prayer.descriptionRequired')),
    },
  });

  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={4} mb="sm">
        {t('member.prayer.new')}
      </Title>
      <form
        noValidate
        onSubmit={form.onSubmit(async (values) => {
          try {
            await submit.mutateAsync({ title: values.title.trim(), description: values.description.trim(), isPublic: values.isPublic });
            notify.success(t('member.prayer.submitted'));
            form.reset();
          } catch {
            notify.error(t('member.prayer.submitFailed'));
          }
        })}
      >
        <Stack gap="sm">
          <TextInput
            label={t('member.prayer.field.title')}
            placeholder={t('member.prayer.field.titlePlaceholder')}
            required
            maxLength={150}
            {...form.getInputProps('title')}
            disabled={submit.isPending}
          />
          <Textarea
            label={t('member.prayer.field.description')}
            placeholder={t('member.prayer.field.descriptionPlaceholder')}
            required
            autosize
            minRows={3}
            maxLength={4000}
            {...form.getInputProps('description')}
            disabled={submit.isPending}
          />
          <Switch
            label={t('member.prayer.field.public')}
            {...form.getInputProps('isPublic', { type: 'checkbox' })}
            disabled={submit.isPending}
          />
          <Button type="submit" loading={submit.isPending}>
            {t('member.prayer.submit')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
