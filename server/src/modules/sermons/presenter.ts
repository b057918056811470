import { formatDuration, type Sermon } from '@church/contract/sermons';
import type { SermonRow } from '../../db/schema/index';

/** Media URLs as spec 002 §7.3 names them. */
export const mediaUrl = (kind: 'video' | 'audio' | 'thumbnail', file: string | null) =>
  file ? `/api/sermons/${kind}/${encodeURIComponent(file)}` : null;

export function presentSermon(row: SermonRow): Sermon {
  return {
    _id: row.id,
    id: row.id,
    title: row.title,
    speaker: row.speaker,
    preacher: row.speaker,
    date: row.preachedOn.toISOString(),
    description: row.description,
    series: row.series,
    videoUrl: mediaUrl('video', row.videoFile),
    audioUrl: mediaUrl('audio', row.audioFile),
    thumbnailUrl: mediaUrl('thumbnail', row.thumbnailFile),
    externalUrl: row.externalUrl,
    duration: formatDuration(row.durationSeconds),
    durationSeconds: row.durationSeconds,
    views: row.views,
    published: row.published,
    createdAt: row.createdAt.toISOString(),
  };
}
