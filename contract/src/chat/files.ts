import { CHAT, CHAT_TEXTS } from './constants';

/** Spec 002 §5: jpeg, png, gif, pdf, plain text, Word doc and docx. */
export const ALLOWED_FILE_TYPES = {
  'image/jpeg': 'image',
  'image/png': 'image',
  'image/gif': 'image',
  'application/pdf': 'file',
  'text/plain': 'file',
  'application/msword': 'file',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'file',
} as const;
export type AllowedMime = keyof typeof ALLOWED_FILE_TYPES;

const startsWith = (bytes: Uint8Array, sig: number[]) => sig.every((b, i) => bytes[i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

function containsAscii(bytes: Uint8Array, needle: string): boolean {
  const n = ascii(needle);
  outer: for (let i = 0; i + n.length <= bytes.length; i++) {
    for (let j = 0; j < n.length; j++) if (bytes[i + j] !== n[j]) continue outer;
    return true;
  }
  return false;
}

/** Text when the head has no NUL byte and is valid UTF-8. */
function looksLikeText(head: Uint8Array): boolean {
  if (head.length === 0) return false;
  if (head.includes(0)) return false;
  try {
    // A multi-byte character cut at the end of the head is not an error.
    const cut = head.length >= 4096 ? head.subarray(0, head.length - 3) : head;
    new TextDecoder('utf-8', { fatal: true }).decode(cut);
    return true;
  } catch {
    return false;
  }
}

/**
 * The real type of a file from its first bytes (at least 4 kB when the file
 * is that long), never from its name. null: not an allowed type.
 */
export function sniffFileType(head: Uint8Array): AllowedMime | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(head, ascii('%PDF-'))) return 'application/pdf';
  // OLE2 compound file: the container of Word 97-2003 .doc.
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'application/msword';
  // A zip is only a .docx when it holds Word's parts.
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) {
    return containsAscii(head, 'word/') || containsAscii(head, '[Content_Types].xml')
      ? 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
      : null;
  }
  return looksLikeText(head) ? 'text/plain' : null;
}

const TYPE_OF_EXTENSION: Record<string, AllowedMime> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain',
};

/**
 * Wrong bytes under a right name: the name's extension names one allowed kind
 * and the bytes are another (a text file called photo.jpg). Such a file is
 * refused, so what a member sees in the room is what the file is.
 */
export function nameContradictsType(name: string, mime: AllowedMime): boolean {
  const dot = name.lastIndexOf('.');
  if (dot < 0) return false;
  const claimed = TYPE_OF_EXTENSION[name.slice(dot + 1).toLowerCase()];
  return claimed !== undefined && claimed !== mime;
}

/** Spec 002 §5 text for a file over the room's limit ('File size must be less than 10MB' by default). */
export function fileTooLargeText(maxBytes: number = CHAT.maxFileSize): string {
  if (maxBytes === CHAT.maxFileSize) return CHAT_TEXTS.fileTooLarge;
  return `File size must be less than ${Math.round(maxBytes / 1_048_576)}MB`;
}

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_NAME_CHARS = /[\u0000-\u001f\u007f"<>|:*?]/g;

/** A safe download name: no path parts, no control characters, at most 120 characters. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop()!.replace(UNSAFE_NAME_CHARS, '').trim();
  return (base || 'file').slice(-120);
}
