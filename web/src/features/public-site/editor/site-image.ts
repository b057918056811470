import { SITE_IMAGE_MAX_BYTES, SITE_IMAGE_TEXTS, siteImageResponse } from '@church/contract/site-content';
import { api } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';

/**
 * Uploads a picture for a slide or a founder (POST /settings/images) and gives
 * its address, or null after telling the person why not. The server checks the
 * bytes again; the size check here only saves a long wait.
 */
export async function uploadSiteImage(file: File, kind: 'slide' | 'photo'): Promise<string | null> {
  if (file.size > SITE_IMAGE_MAX_BYTES) {
    notify.error(SITE_IMAGE_TEXTS.tooLarge);
    return null;
  }
  const form = new FormData();
  form.append('image', file);
  try {
    const r = await api('/settings/images', { method: 'POST', body: form, query: { kind }, schema: siteImageResponse });
    return r.data.url;
  } catch (err) {
    notify.error(err instanceof Error ? err.message : SITE_IMAGE_TEXTS.invalid);
    return null;
  }
}
