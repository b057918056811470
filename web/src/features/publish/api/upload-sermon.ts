import { sermonResponse, SERMON_TEXTS, type Sermon } from '@church/contract/sermons';
import { failureMessage } from '@church/contract/rules/api-error';
import { sessionStore } from '../../../lib/storage';

/**
 * POST /api/sermons (or, with `replace`, PUT /api/sermons/:id/media) through XMLHttpRequest: fetch
 * cannot report upload progress, and a sermon video is large enough that people need to see it move.
 */
export function uploadSermon(form: FormData, onProgress: (percent: number) => void, replace?: { sermonId: string }): Promise<Sermon> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    if (replace) xhr.open('PUT', `/api/sermons/${encodeURIComponent(replace.sermonId)}/media`);
    else xhr.open('POST', '/api/sermons');
    const token = sessionStore.token();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = sermonResponse.safeParse(body);
        return parsed.success ? resolve(parsed.data.data.sermon) : reject(new Error(SERMON_TEXTS.recordFailed));
      }
      reject(new Error(body ? failureMessage(xhr.status, body, true) : SERMON_TEXTS.uploadFailed));
    };
    xhr.onerror = () => reject(new Error(SERMON_TEXTS.uploadFailed));
    xhr.send(form);
  });
}

/** Reads a media file's length in the browser, so cards can show it; unknown when the browser cannot play it. */
export function mediaDuration(file: File): Promise<number | null> {
  return new Promise((resolve) => {
    const el = document.createElement(file.type.startsWith('audio') ? 'audio' : 'video');
    const url = URL.createObjectURL(file);
    const done = (v: number | null) => {
      URL.revokeObjectURL(url);
      resolve(v);
    };
    el.preload = 'metadata';
    el.onloadedmetadata = () => done(Number.isFinite(el.duration) ? Math.round(el.duration) : null);
    el.onerror = () => done(null);
    setTimeout(() => done(null), 3000);
    el.src = url;
  });
}
