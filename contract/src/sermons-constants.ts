/** Sermon constants and formatting (spec 000 §2/§9, spec 001 §2). No zod here, so the public site can import these without downloading schemas. */

/** Spec 001 §2: the library's All/Video/Audio toggle. */
export const SERMON_MEDIA_FILTERS = ['all', 'video', 'audio'] as const;
export type SermonMediaFilter = (typeof SERMON_MEDIA_FILTERS)[number];
/** Spec 000 §9: the home page shows up to three sermons. */
export const HOME_SERMON_COUNT = 3;

/** 'mm:ss', or 'h:mm:ss' from an hour up. */
export function formatDuration(seconds: number | null | undefined): string | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return null;
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${String(m).padStart(2, '0')}:${rest}`;
}

/** Spec 001 §9 upload limits, in MB (1 MB = 1024 × 1024 bytes). */
export const SERMON_UPLOAD_LIMITS_MB = { video: 100, audio: 50, thumbnail: 5 } as const;
export type SermonMediaKind = keyof typeof SERMON_UPLOAD_LIMITS_MB;
export const SERMON_MEDIA_KINDS = ['video', 'audio', 'thumbnail'] as const satisfies readonly SermonMediaKind[];
export const MB = 1024 * 1024;
export const sermonUploadLimitBytes = (kind: SermonMediaKind) => SERMON_UPLOAD_LIMITS_MB[kind] * MB;

/** Spec 001 §5: the MIME types each file may have (decided from the file's bytes on the server). */
export const SERMON_MEDIA_TYPES: Record<SermonMediaKind, readonly string[]> = {
  video: ['video/mp4', 'video/quicktime', 'video/x-msvideo', 'video/vnd.avi', 'video/avi', 'video/webm'],
  audio: [
    'audio/mpeg',
    'audio/mp3',
    'audio/wav',
    'audio/x-wav',
    'audio/wave',
    'audio/mp4',
    'audio/x-m4a',
    'audio/m4a',
    'audio/aac',
    'audio/x-aac',
    'audio/ogg',
    'audio/opus',
  ],
  thumbnail: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
};
/** What the file pickers offer. */
export const SERMON_MEDIA_ACCEPT: Record<SermonMediaKind, string> = {
  video: 'video/mp4,video/quicktime,video/x-msvideo,video/webm,.mp4,.mov,.avi,.webm',
  audio: 'audio/mpeg,audio/wav,audio/mp4,audio/x-m4a,audio/aac,audio/ogg,.mp3,.wav,.m4a,.aac,.ogg',
  thumbnail: 'image/jpeg,image/png,image/gif,image/webp',
};

/** Spec 001 §5 and §8: the upload page's texts, exactly. */
export const SERMON_TEXTS = {
  titleRequired: 'Please enter a sermon title',
  speakerRequired: 'Please enter a speaker name',
  mediaRequired: 'Please upload at least one media file (video or audio)',
  invalidType: {
    video: 'Please select a valid video file (MP4, MOV, AVI, WEBM)',
    audio: 'Please select a valid audio file (MP3, WAV, M4A, AAC)',
    thumbnail: 'Please select a valid image file (JPEG, PNG, GIF, WEBP)',
  } satisfies Record<SermonMediaKind, string>,
  uploaded: 'Sermon uploaded successfully!',
  uploadFailed: 'Failed to upload sermon. Please try again.',
  recordFailed: 'Failed to create sermon record',
  loadFailed: 'Failed to load sermons',
  // Not in the spec (its edit form has no media): replacing media on edit.
  replaceNothing: 'Choose a video, audio or thumbnail file to replace',
  mediaReplaced: 'Sermon media replaced',
} as const;

const KIND_LABEL: Record<SermonMediaKind, string> = { video: 'Video', audio: 'Audio', thumbnail: 'Thumbnail' };
/** Spec 001 §5: '{Kind} file too large. Max size: {n}MB'. */
export const sermonFileTooLargeText = (kind: SermonMediaKind) =>
  `${KIND_LABEL[kind]} file too large. Max size: ${SERMON_UPLOAD_LIMITS_MB[kind]}MB`;

/** Spec 001 §5: each file is checked for size first, then type (the browser's check; the server checks the bytes). */
export function checkSermonFile(kind: SermonMediaKind, file: { size: number; type: string; name: string }): string | null {
  if (file.size > sermonUploadLimitBytes(kind)) return sermonFileTooLargeText(kind);
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  const byExt: Record<SermonMediaKind, string[]> = {
    video: ['mp4', 'mov', 'avi', 'webm'],
    audio: ['mp3', 'wav', 'm4a', 'aac', 'ogg'],
    thumbnail: ['jpg', 'jpeg', 'png', 'gif', 'webp'],
  };
  if (!SERMON_MEDIA_TYPES[kind].includes(file.type) && !byExt[kind].includes(ext)) return SERMON_TEXTS.invalidType[kind];
  return null;
}

/** Thumbnails are stored at the size the library cards and player use (16:9, twice the card's CSS width). */
export const SERMON_THUMBNAIL_SIZE = { width: 640, height: 360 } as const;
