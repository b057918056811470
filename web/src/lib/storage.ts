import type { User } from '@church/contract/users';

/** Spec 000 §3: the session lives in localStorage under `token` and `user`. */
const TOKEN_KEY = 'token';
const USER_KEY = 'user';

export const sessionStore = {
  token: () => localStorage.getItem(TOKEN_KEY),
  user(): User | null {
    const raw = localStorage.getItem(USER_KEY);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as User;
    } catch {
      return null;
    }
  },
  save(token: string, user: User) {
    localStorage.setItem(TOKEN_KEY, token);
    localStorage.setItem(USER_KEY, JSON.stringify(user));
  },
  saveUser(user: User) {
    localStorage.setItem(USER_KEY, JSON.stringify(user));
  },
  clear() {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
  },
};
