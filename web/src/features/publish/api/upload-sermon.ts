import { sermonResponse, SERMON_TEXTS, type Sermon } from '@church/contract/sermons';
import { failureMessage } from '@church/contract/rules/api-error';
import { sessionStore } from '../../../lib/storage';

/**
 * POST /api/sermons through XMLHttpRequest: fetch cannot report upload
 * progress, and a sermon video is large enough that people need to see it move.
 */
export function uploadSermon(form: FormData, onProgress: (percent: number) => void): Promise<Sermon> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/sermons');
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
