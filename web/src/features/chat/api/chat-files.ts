import { messageResponse } from '@church/contract/chat/api';
import { ALLOWED_FILE_TYPES } from '@church/contract/chat/files';
import { CHAT_TEXTS } from '@church/contract/chat/constants';
import { fileTooLargeText } from '@church/contract/chat/files';
import { api } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/storage';
import { notify } from '../../../lib/notify';

/** What the file picker offers; the server still decides by the file's bytes. */
export const FILE_ACCEPT = [...Object.keys(ALLOWED_FILE_TYPES), '.doc', '.docx', '.txt'].join(',');

/** Spec §5 checks before uploading: size against the room's limit, then the type. */
export function fileProblem(file: File, maxBytes: number): string | null {
  if (file.size > maxBytes) return fileTooLargeText(maxBytes);
  const byType = file.type in ALLOWED_FILE_TYPES;
  const byName = /\.(jpe?g|png|gif|pdf|txt|docx?)$/i.test(file.name);
  return byType || byName ? null : CHAT_TEXTS.fileTypeNotAllowed;
}

export async function uploadChatFile(roomId: string, file: File) {
  const form = new FormData();
  form.append('file', file);
  return (await api(`/chat/rooms/${roomId}/files`, { method: 'POST', body: form, schema: messageResponse })).data.message;
}

/** Files need the bearer token, so they are fetched and handed to the browser as a blob. */
export async function openChatFile(url: string, name: string) {
  try {
    const res = await fetch(url, { headers: { authorization: `Bearer ${sessionStore.token() ?? ''}` } });
    if (!res.ok) throw new Error(String(res.status));
    const blob = await res.blob();
    const href = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = href;
    a.download = name;
    a.click();
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
  } catch {
    notify.error('Could not download the file');
  }
}
