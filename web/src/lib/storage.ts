import type { User } from '@church/contract/users';

/** Spec 000 §3: the session lives in localStorage under `token` and `user`. */
const TOKEN_KEY = 'token';
const USER_KEY = 'user';
/** No storage while the server renders a page: nobody is signed in there. */
const store = (): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null => (typeof localStorage === 'undefined' ? null : localStorage);

export const sessionStore = {
  token: () => store()?.getItem(TOKEN_KEY) ?? null,
  user(): User | null {
    const raw = store()?.getItem(USER_KEY);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as User;
    } catch {
      return null;
    }
  },
  save(token: string, user: User) {
    store()?.setItem(TOKEN_KEY, token);
    store()?.setItem(USER_KEY, JSON.stringify(user));
  },
  saveUser(user: User) {
    store()?.setItem(USER_KEY, JSON.stringify(user));
  },
  clear() {
    store()?.removeItem(TOKEN_KEY);
    store()?.removeItem(USER_KEY);
  },
};
