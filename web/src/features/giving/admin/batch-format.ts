import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';

export const failed = (err: unknown) => notify.error(err instanceof ApiError ? err.message : 'Could not save');
/** A church-local day (YYYY-MM-DD) as 'Sun, 30 Nov 2026': noon UTC is that day in every South African zone. */
export const shortDay = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-ZA', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
