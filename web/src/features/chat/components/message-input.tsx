import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ActionIcon, Box, Button, FileButton, Group, Text, Textarea, Tooltip } from '@mantine/core';
import { IconPaperclip, IconSend, IconX } from '@tabler/icons-react';
import { CHAT, CHAT_TEXTS } from '@church/contract/chat/constants';
import type { ChatRoom } from '@church/contract/chat/rooms';
import { notify } from '../../../lib/notify';
import { ApiError } from '../../../lib/api-client';
import type { ChatConnection } from '../lib/chat-connection';
import type { UiMessage } from '../lib/message-merge';
import { excerpt } from './message-list';
import { FILE_ACCEPT, fileProblem, uploadChatFile } from '../api/chat-files';

interface Props {
  conn: ChatConnection;
  room: ChatRoom;
  connected: boolean;
  /** A message of this room is still waiting for its confirmation. */
  sending: boolean;
  compact?: boolean;
  /** The message being answered (spec 002 §3 repliedTo), shown above the input until sent or cancelled. */
  replyTo?: UiMessage | null;
  onCancelReply?(): void;
}

/**
 * Spec §2.3: Enter sends, Shift+Enter is a new line, the input grows up to
 * 120 px; a message goes only when non-empty after trimming, with the
 * connection open and no send in progress. Typing is announced and cleared
 * 1 s after the last key, and on blur.
 */
export function MessageInput({ conn, room, connected, sending, compact, replyTo, onCancelReply }: Props) {
  const [text, setText] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  // Choosing Reply puts the cursor where the answer is written.
  useEffect(() => {
    if (replyTo) input.current?.focus();
  }, [replyTo]);
  const [uploading, setUploading] = useState(false);
  const resetFile = useRef<() => void>(null);
  const canPost = room.canPost;
  const blocked = !connected || !canPost;

  const submit = () => {
    if (!text.trim() || sending) return;
    if (!connected) {
      notify.error(CHAT_TEXTS.cannotSendDisconnected);
      return;
    }
    const problem = conn.send(room.id, text, undefined, replyTo?.id ?? null);
    if (problem) notify.error(problem);
    else {
      setText('');
      onCancelReply?.();
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  const onFile = async (file: File | null) => {
    resetFile.current?.();
    if (!file) return;
    const problem = fileProblem(file, room.settings.maxFileSize);
    if (problem) return notify.error(problem);
    setUploading(true);
    try {
      await uploadChatFile(room.id, file);
    } catch (err) {
      notify.error(err instanceof ApiError ? err.message : CHAT_TEXTS.sendFailed);
    } finally {
      setUploading(false);
    }
  };

  const placeholder = !canPost
    ? 'Only church leaders can post in announcement rooms'
    : connected
      ? 'Type a message…'
      : CHAT_TEXTS.notConnected;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {replyTo && (
        <Group gap="xs" wrap="nowrap" mb={6} pl={8} data-testid="reply-bar" style={{ borderLeft: '3px solid var(--mantine-color-blue-5)' }}>
          <Box style={{ flex: 1, minWidth: 0 }}>
            <Text size="xs" fw={700}>
              Replying to {replyTo.sender?.name ?? CHAT_TEXTS.unknownUser}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {excerpt(replyTo)}
            </Text>
          </Box>
          <ActionIcon variant="subtle" color="gray" aria-label="Cancel reply" onClick={onCancelReply}>
            <IconX size={16} />
          </ActionIcon>
        </Group>
      )}
      <Group gap="xs" align="flex-end" wrap="nowrap">
        {room.settings.allowFiles && canPost && (
          <FileButton onChange={onFile} accept={FILE_ACCEPT} resetRef={resetFile} disabled={blocked || uploading}>
            {(p) => (
              <Tooltip label="Share a file (up to the room's limit)">
                <ActionIcon {...p} variant="subtle" size="lg" aria-label="Attach a file" loading={uploading}>
                  <IconPaperclip size={18} />
                </ActionIcon>
              </Tooltip>
            )}
          </FileButton>
        )}
        <Textarea
          ref={input}
          aria-label="Message"
          style={{ flex: 1 }}
          placeholder={placeholder}
          value={text}
          disabled={!canPost}
          autosize
          minRows={1}
          maxLength={CHAT.maxMessageLength}
          styles={{ input: { maxHeight: CHAT.inputMaxHeightPx, overflowY: 'auto' } }}
          onChange={(e) => {
            setText(e.currentTarget.value);
            if (connected && e.currentTarget.value.trim()) conn.typing(room.id);
          }}
          onBlur={() => conn.stopTyping(room.id)}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && replyTo) onCancelReply?.();
            else onKeyDown(e);
          }}
        />
        {compact ? (
          <ActionIcon type="submit" size={36} radius="xl" aria-label="Send" disabled={blocked || sending || !text.trim()} loading={sending}>
            <IconSend size={18} />
          </ActionIcon>
        ) : (
          <Button type="submit" leftSection={<IconSend size={16} />} disabled={blocked || sending || !text.trim()} loading={sending}>
            Send
          </Button>
        )}
      </Group>
    </form>
  );
}
