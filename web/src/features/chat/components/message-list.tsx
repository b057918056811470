import { useEffect, useRef } from 'react';
import { ActionIcon, Alert, Anchor, Badge, Box, Button, Center, Group, Loader, Menu, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconArrowBackUp, IconCheck, IconClock, IconMoodSmile, IconPaperclip } from '@tabler/icons-react';
import { CHAT_TEXTS } from '@church/contract/chat/constants';
import { messageTimeLabel } from '@church/contract/chat/rules';
import type { UiMessage } from '../lib/message-merge';
import { openChatFile } from '../api/chat-files';

export const REACTION_CHOICES = ['🙏', '❤️', '👍', '🙌', '😊'];

interface Props {
  messages: readonly UiMessage[];
  meId: string | null;
  loading: boolean;
  error: boolean;
  onReload(): void;
  onRetry(tempId: string): void;
  onReact(messageId: string, emoji: string): void;
  /** Answer a message (only where the person may post). */
  onReply?(message: UiMessage): void;
  typing: string[];
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder(): void;
  /** Desktop: 600 px (spec §9); mobile fills the screen. */
  height: number | string;
}

function typingText(names: string[]) {
  if (names.length === 1) return `${names[0]} is typing…`;
  if (names.length === 2) return `${names[0]} and ${names[1]} are typing…`;
  return 'Several people are typing…';
}

/** Messages of a room: sender (or 'Unknown User'), time, text as text, status, reactions. */
export function MessageList(props: Props) {
  const { messages, meId } = props;
  const viewport = useRef<HTMLDivElement>(null);
  const lastId = messages.at(-1)?.id;
  const byId = new Map(messages.map((m) => [m.id, m]));
  useEffect(() => {
    viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [lastId, props.typing.length]);

  let body;
  if (props.loading) {
    body = (
      <Center h="100%" py="xl">
        <Loader size="sm" aria-label="Loading messages" />
      </Center>
    );
  } else if (props.error) {
    body = (
      <Alert color="red" icon={<IconAlertCircle size={18} />} title={CHAT_TEXTS.loadMessagesFailed} m="md">
        <Button size="xs" variant="light" color="red" onClick={props.onReload}>
          Retry
        </Button>
      </Alert>
    );
  } else if (messages.length === 0) {
    body = (
      <Stack align="center" justify="center" gap={4} py={80}>
        <Text fw={600}>{CHAT_TEXTS.noMessages}</Text>
        <Text c="dimmed" size="sm">
          {CHAT_TEXTS.startConversation}
        </Text>
      </Stack>
    );
  } else {
    body = (
      <Stack gap="sm" p="sm">
        {props.hasOlder && (
          <Center>
            <Button size="xs" variant="subtle" loading={props.loadingOlder} onClick={props.onLoadOlder}>
              Load older messages
            </Button>
          </Center>
        )}
        {messages.map((m) => (
          <MessageBubble
            key={m.id}
            m={m}
            quoted={m.repliedTo ? (byId.get(m.repliedTo) ?? null) : undefined}
            mine={!!meId && m.sender?.id === meId}
            onRetry={props.onRetry}
            onReact={props.onReact}
            onReply={props.onReply}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Box style={{ display: 'flex', flexDirection: 'column', height: props.height, minHeight: 0 }} data-testid="message-area">
      <ScrollArea viewportRef={viewport} style={{ flex: 1 }} type="auto">
        {body}
      </ScrollArea>
      <Text size="xs" c="dimmed" px="sm" h={18} aria-live="polite" data-testid="typing-indicator">
        {props.typing.length > 0 ? typingText(props.typing) : ''}
      </Text>
    </Box>
  );
}

/** A one-line excerpt of a message, for a quote or the reply bar. */
export function excerpt(m: UiMessage, max = 80) {
  const text = m.content || m.file?.name || '';
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The message a reply answers, quoted above it (or a note when it is older than the messages loaded). */
function Quote({ quoted }: { quoted: UiMessage | null }) {
  return (
    <Box
      data-testid="quoted-message"
      mb={4}
      pl={8}
      py={2}
      style={{ borderLeft: '3px solid var(--mantine-color-blue-5)', background: 'var(--mantine-color-default-hover)', borderRadius: 4 }}
    >
      {quoted ? (
        <>
          <Text size="xs" fw={700}>
            {quoted.sender?.name ?? CHAT_TEXTS.unknownUser}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {excerpt(quoted)}
          </Text>
        </>
      ) : (
        <Text size="xs" c="dimmed">
          Reply to an earlier message
        </Text>
      )}
    </Box>
  );
}

function MessageBubble({
  m,
  quoted,
  mine,
  onRetry,
  onReact,
  onReply,
}: {
  m: UiMessage;
  /** The answered message: undefined when this is not a reply, null when it is not among those loaded. */
  quoted: UiMessage | null | undefined;
  mine: boolean;
  onRetry(t: string): void;
  onReact(id: string, e: string): void;
  onReply?(m: UiMessage): void;
}) {
  const confirmed = m.cursor !== '';
  return (
    <Group justify={mine ? 'flex-end' : 'flex-start'} align="flex-start" wrap="nowrap" data-testid="chat-message" data-status={m.status}>
      <Paper
        px="sm"
        py={6}
        radius="md"
        maw="80%"
        bg={mine ? 'var(--app-surface-blue)' : 'var(--app-surface-gray)'}
        withBorder
        style={m.status === 'failed' ? { borderColor: 'var(--mantine-color-red-5)' } : undefined}
      >
        <Group gap={8} justify="space-between" wrap="nowrap">
          <Text size="xs" fw={700} c={m.sender ? undefined : 'dimmed'}>
            {m.sender?.name ?? CHAT_TEXTS.unknownUser}
          </Text>
          <Group gap={4} wrap="nowrap">
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {messageTimeLabel(m.createdAt)}
            </Text>
            {mine && m.status === 'sending' && <IconClock size={12} aria-label="Sending" color="gray" />}
            {mine && m.status === 'delivered' && <IconCheck size={12} aria-label="Delivered" color="green" />}
            {/* 24 px targets: Reply and React sit side by side (axe target-size; 18 px failed with two). */}
            {confirmed && onReply && (
              <ActionIcon variant="subtle" color="gray" size={24} aria-label="Reply" onClick={() => onReply(m)}>
                <IconArrowBackUp size={14} />
              </ActionIcon>
            )}
            {confirmed && (
              <Menu position="top" withinPortal>
                <Menu.Target>
                  <ActionIcon variant="subtle" color="gray" size={24} aria-label="React">
                    <IconMoodSmile size={14} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Group gap={2} px={4}>
                    {REACTION_CHOICES.map((e) => (
                      <ActionIcon key={e} variant="subtle" aria-label={`React ${e}`} onClick={() => onReact(m.id, e)}>
                        {e}
                      </ActionIcon>
                    ))}
                  </Group>
                </Menu.Dropdown>
              </Menu>
            )}
          </Group>
        </Group>
        {quoted !== undefined && <Quote quoted={quoted} />}
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {m.content}
        </Text>
        {m.file && (
          <Anchor size="sm" component="button" onClick={() => openChatFile(m.file!.url, m.file!.name)}>
            <Group gap={4} wrap="nowrap">
              <IconPaperclip size={14} />
              {m.file.name}
            </Group>
          </Anchor>
        )}
        {m.reactions.length > 0 && (
          <Group gap={4} mt={2}>
            {m.reactions.map((r) => (
              <Badge
                key={r.emoji}
                variant="light"
                color="gray"
                size="sm"
                style={{ cursor: 'pointer', textTransform: 'none' }}
                onClick={() => onReact(m.id, r.emoji)}
              >
                {r.emoji} {r.count}
              </Badge>
            ))}
          </Group>
        )}
        {m.status === 'failed' && (
          <Group gap={6} mt={4}>
            <Text size="xs" c="red">
              {m.error ?? CHAT_TEXTS.sendFailed}
            </Text>
            <Button size="compact-xs" color="red" variant="light" onClick={() => m.tempId && onRetry(m.tempId)}>
              Retry
            </Button>
          </Group>
        )}
      </Paper>
    </Group>
  );
}
