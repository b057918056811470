import { Alert, Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconBrandWhatsapp, IconCopy, IconMail } from '@tabler/icons-react';
import { QRCodeSVG } from 'qrcode.react';
import { INVITATION_TEXTS, type InvitationCreated } from '@church/contract/invitations';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useInviteMember } from '../api/invitations';

const dayOf = (iso: string) => new Date(iso).toLocaleDateString('en-ZA', { day: 'numeric', month: 'long', year: 'numeric' });

/** The link, once: copy it, show it as a QR code to scan at the door, or share it through WhatsApp. */
function LinkReady({ invitation }: { invitation: InvitationCreated }) {
  const link = invitation.link!;
  return (
    <Stack gap="sm" data-testid="invitation-link">
      <Alert color="green" variant="light">
        {INVITATION_TEXTS.linkReady}
      </Alert>
      <TextInput label="Invitation link" value={link} readOnly onFocus={(e) => e.currentTarget.select()} />
      <Group>
        <CopyButton value={link}>
          {({ copied, copy }) => (
            <Button variant="default" leftSection={<IconCopy size={16} />} onClick={copy}>
              {copied ? 'Copied' : 'Copy link'}
            </Button>
          )}
        </CopyButton>
        {invitation.whatsappUrl && (
          <Button
            component="a"
            href={invitation.whatsappUrl}
            target="_blank"
            rel="noopener noreferrer"
            color="green"
            leftSection={<IconBrandWhatsapp size={16} />}
          >
            Share by WhatsApp
          </Button>
        )}
      </Group>
      <Stack align="center" gap={4}>
        <QRCodeSVG value={link} size={196} marginSize={2} role="img" aria-label="QR code of the invitation link" />
        <Text size="xs" c="dimmed">
          Scan with the phone&apos;s camera. {INVITATION_TEXTS.expires(dayOf(invitation.expiresAt))}
        </Text>
      </Stack>
    </Stack>
  );
}

export function InviteDialog({
  memberId,
  name,
  email,
  opened,
  onClose,
}: {
  memberId: string;
  name: string;
  email: string | null;
  opened: boolean;
  onClose: () => void;
}) {
  const invite = useInviteMember(memberId);
  const made = invite.data?.data.invitation;
  const run = (channel: 'email' | 'link') =>
    invite.mutate(channel, {
      onSuccess: (res) => notify.success(res.message),
      onError: (err) => notify.error(err instanceof ApiError ? err.message : 'The invitation could not be made. Please try again.'),
    });
  const close = () => {
    invite.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={INVITATION_TEXTS.title} size="md">
      {made?.link ? (
        <LinkReady invitation={made} />
      ) : made ? (
        <Alert color="green" variant="light">
          {INVITATION_TEXTS.sent(made.email ?? '')}
        </Alert>
      ) : (
        <Stack>
          <Text size="sm">
            {name} gets a link to choose a password for the member portal. It works once and expires after 7 days.
            {email ? '' : ' They have no e-mail address on record: they give one when they accept.'}
          </Text>
          <Button leftSection={<IconMail size={16} />} onClick={() => run('email')} disabled={!email || invite.isPending}>
            {INVITATION_TEXTS.sendEmail}
          </Button>
          <Button variant="default" onClick={() => run('link')} disabled={invite.isPending}>
            {INVITATION_TEXTS.makeLink}
          </Button>
          {!email && (
            <Text size="xs" c="dimmed">
              {INVITATION_TEXTS.noEmail}
            </Text>
          )}
        </Stack>
      )}
    </Modal>
  );
}
