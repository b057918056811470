import {
  checkinResponse,
  kioskLookupResponse,
  kioskSessionResponse,
  type CheckinRequest,
  type KioskLookupRequest,
} from '@church/contract/checkin';
import { api } from '../../lib/api-client';

/** The kiosk's key lives on the device (set up once by a manager); every kiosk call carries it. */
export const KIOSK_KEY_STORAGE = 'kioskKey';
export const kioskKey = () => localStorage.getItem(KIOSK_KEY_STORAGE);
export const setKioskKey = (key: string | null) =>
  key ? localStorage.setItem(KIOSK_KEY_STORAGE, key) : localStorage.removeItem(KIOSK_KEY_STORAGE);

const headers = () => ({ 'x-kiosk-key': kioskKey() ?? '' });

/** Kiosk calls: no person's session (skipAuthRedirect: a 401 means the kiosk key, not a signed-out person). */
export const kioskApi = {
  session: () => api('/kiosk/session', { headers: headers(), skipAuthRedirect: true, schema: kioskSessionResponse }).then((r) => r.data),
  lookup: (body: KioskLookupRequest) =>
    api('/kiosk/lookup', { method: 'POST', body, headers: headers(), skipAuthRedirect: true, schema: kioskLookupResponse }).then(
      (r) => r.data,
    ),
  checkIn: (body: CheckinRequest) =>
    api('/kiosk/checkins', { method: 'POST', body, headers: headers(), skipAuthRedirect: true, schema: checkinResponse }).then(
      (r) => r.data,
    ),
};
