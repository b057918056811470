import { ActionIcon, Anchor, Button, Card, FileButton, Group, Stack, Text, Title } from '@mantine/core';
import { IconPaperclip, IconTrash } from '@tabler/icons-react';
import type { ServiceDetail } from '@church/contract/services';
import { ApiError } from '../../../lib/api-client';
import { download } from '../../../lib/download';
import { notify } from '../../../lib/notify';
import { useDeleteAttachment, useUploadAttachment } from '../api';

/** Files for the plan (chord charts, readings): the people serving can open them too. */
export function AttachmentsCard({ service }: { service: ServiceDetail }) {
  const upload = useUploadAttachment();
  const remove = useDeleteAttachment();
  return (
    <Card withBorder radius="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Attachments
        </Title>
        <FileButton
          accept="application/pdf,image/*,text/plain,.doc,.docx"
          onChange={async (file) => {
            if (!file) return;
            try {
              await upload.mutateAsync({ id: service.id, file });
              notify.success('File attached');
            } catch (err) {
              notify.error(err instanceof ApiError && err.status < 500 ? err.message : 'Could not attach the file');
            }
          }}
        >
          {(props) => (
            <Button {...props} variant="light" leftSection={<IconPaperclip size={16} />} loading={upload.isPending}>
              Attach a file
            </Button>
          )}
        </FileButton>
      </Group>
      <Stack gap={4}>
        {service.attachments.length === 0 && <Text c="dimmed">No files yet.</Text>}
        {service.attachments.map((f) => (
          <Group key={f.id} justify="space-between" wrap="nowrap">
            <Anchor
              component="button"
              type="button"
              onClick={() =>
                download(`/services/${service.id}/attachments/${f.id}`, {}, f.fileName).catch((e: Error) => notify.error(e.message))
              }
            >
              {f.fileName}
            </Anchor>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove ${f.fileName}`}
              onClick={() => remove.mutate({ id: service.id, fileId: f.id })}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
