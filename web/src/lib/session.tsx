import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { SESSION_REFRESH_MS } from '@church/contract/auth-constants';
import type { LoginRequest, RegisterRequest, SessionResponse } from '@church/contract/auth';
import type { User } from '@church/contract/users';
import type { TwoFactorLoginRequest } from '@church/contract/two-factor';

/** The password was right; the account asks for its second factor (issue 29). */
export interface TwoFactorPending {
  twoFactorRequired: true;
  challenge: string;
}
export const isTwoFactorPending = (r: User | TwoFactorPending): r is TwoFactorPending =>
  'twoFactorRequired' in r && r.twoFactorRequired === true;
import { api, ApiError, setUnauthorizedHandler } from './api-client';
import { sessionStore } from './storage';
import { paths } from '../config/paths';
import { isAdoptingServerHtml } from './server-html';
import { i18n, isLocale, switchLocale } from './i18n/i18n';
import { saveLanguage } from './i18n/save-language';

interface SessionState {
  user: User | null;
  token: string | null;
  /** True until the stored session has been checked on start. */
  loading: boolean;
  isAuthenticated: boolean;
  /** The user, or — for a person with two-factor sign-in — the challenge the second step needs (loginSecondStep). */
  login(body: LoginRequest): Promise<User | TwoFactorPending>;
  /** Sign-in, second step: the challenge and a code from the authenticator app (or a recovery code). */
  loginSecondStep(body: TwoFactorLoginRequest): Promise<User>;
  register(body: RegisterRequest): Promise<User>;
  /** Replace the stored user and token (update-password answers with both). */
  accept(token: string, user: User): void;
  /** Re-read the current user (after a profile edit). */
  refresh(): Promise<void>;
  /** Signs out: this session ends on the server too (its token stops working), then the sign-in page. */
  logout(): void;
  /** After this session already ended on the server (sign out everywhere): clear and go to the sign-in page. */
  signedOut(): void;
  /** Forgets the session on this browser only, without a request or a page load: the server already ended it (a confirmed e-mail change). */
  forget(): void;
}

const SessionContext = createContext<SessionState | null>(null);

/**
 * Spec 000 §5: login, registration and password update succeed only when the
 * answer says success and carries a token and a user; a refresh needs a user.
 * (Checked by hand rather than with zod so the session code stays out of
 * the public site's first download.)
 */
export function acceptSession(body: unknown): SessionResponse {
  const b = body as Partial<SessionResponse> | null;
  if (b?.status !== 'success' || typeof b.token !== 'string' || !b.token || !b.user || typeof b.user !== 'object') {
    throw new Error('Invalid response format from server');
  }
  return b as SessionResponse;
}
function acceptMe(body: unknown): User {
  const b = body as { status?: string; data?: { user?: User } } | null;
  if (b?.status !== 'success' || !b.data?.user) throw new Error('Failed to get user data');
  return b.data.user;
}

/** Full page load of /login after clearing everything (spec 000 §4). */
/** A failure that is not the server refusing the session: no answer at all, an aborted request, or a server error. */
function isTransient(err: unknown): boolean {
  if (err instanceof ApiError) return err.status >= 500;
  return err instanceof TypeError || (err instanceof DOMException && err.name === 'AbortError');
}

/** Signed in, the member's saved language (issue 36) is the one they see, on any browser. */
function followSavedLanguage(user: User) {
  if (user.language && user.language !== i18n.locale) void switchLocale(user.language).catch(() => undefined);
}

function hardLogout() {
  sessionStore.clear();
  window.location.assign(paths.login);
}

/**
 * Spec 000 §4: on start, with a stored token and user, re-fetch the user;
 * success starts a 30-minute refresh timer, failure clears storage. Login,
 * registration and password update replace the stored pair.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  // Adopting server HTML: start signed out like the server did; the effect below reads storage.
  const [user, setUser] = useState<User | null>(() => (!isAdoptingServerHtml() && sessionStore.token() ? sessionStore.user() : null));
  const [token, setToken] = useState<string | null>(() => (!isAdoptingServerHtml() && sessionStore.user() ? sessionStore.token() : null));
  const [loading, setLoading] = useState(() => !!(sessionStore.token() && sessionStore.user()));
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);

  const stopTimer = () => {
    if (timer.current) clearInterval(timer.current);
    timer.current = undefined;
  };

  const fetchMe = useCallback(async () => {
    const user = acceptMe(await api('/auth/me'));
    sessionStore.saveUser(user);
    setUser(user);
    followSavedLanguage(user);
    return user;
  }, []);

  const startTimer = useCallback(() => {
    stopTimer();
    timer.current = setInterval(() => {
      fetchMe().catch((err) => {
        if (isTransient(err)) return; // offline for a moment: try again at the next tick
        stopTimer();
        hardLogout();
      });
    }, SESSION_REFRESH_MS);
  }, [fetchMe]);

  const signedOut = useCallback(() => {
    stopTimer();
    setUser(null);
    setToken(null);
    hardLogout();
  }, []);

  const forget = useCallback(() => {
    stopTimer();
    sessionStore.clear();
    setUser(null);
    setToken(null);
  }, []);

  const logout = useCallback(() => {
    // The session ends on the server (issue 29), whatever the answer: signing out never waits on the network for long.
    const ended = sessionStore.token()
      ? api('/auth/logout', { method: 'POST', body: {}, skipAuthRedirect: true }).catch(() => undefined)
      : Promise.resolve();
    void Promise.race([ended, new Promise((r) => setTimeout(r, 2000))]).then(signedOut);
  }, [signedOut]);

  useEffect(() => {
    setUnauthorizedHandler(() => {
      stopTimer();
      setUser(null);
      setToken(null);
      hardLogout();
    });
    if (!(sessionStore.token() && sessionStore.user())) {
      sessionStore.clear();
      setLoading(false);
      return stopTimer;
    }
    setUser(sessionStore.user());
    setToken(sessionStore.token());
    fetchMe()
      .then(() => startTimer())
      .catch((err) => {
        // A request cut short (the page navigating away, the network down, the server restarting) says nothing
        // about the session: keep it. Only an answer that refuses the session ends it.
        if (isTransient(err)) return;
        sessionStore.clear();
        setUser(null);
        setToken(null);
      })
      .finally(() => setLoading(false));
    return stopTimer;
  }, [fetchMe, startTimer]);

  const accept = useCallback(
    (newToken: string, newUser: User) => {
      sessionStore.save(newToken, newUser);
      setToken(newToken);
      setUser(newUser);
      startTimer();
    },
    [startTimer],
  );

  const login = useCallback(
    async (body: LoginRequest): Promise<User | TwoFactorPending> => {
      const answer = (await api('/auth/login', { method: 'POST', body, skipAuthRedirect: true })) as Partial<TwoFactorPending> | null;
      if (answer?.twoFactorRequired === true && typeof answer.challenge === 'string')
        return { twoFactorRequired: true, challenge: answer.challenge };
      const res = acceptSession(answer);
      accept(res.token, res.user);
      followSavedLanguage(res.user);
      return res.user;
    },
    [accept],
  );

  const loginSecondStep = useCallback(
    async (body: TwoFactorLoginRequest) => {
      const res = acceptSession(await api('/auth/login/two-factor', { method: 'POST', body, skipAuthRedirect: true }));
      accept(res.token, res.user);
      followSavedLanguage(res.user);
      return res.user;
    },
    [accept],
  );

  const register = useCallback(
    async (body: RegisterRequest) => {
      const res = acceptSession(await api('/auth/register', { method: 'POST', body, skipAuthRedirect: true, ownForbidden: true }));
      accept(res.token, res.user);
      // The language they registered in is theirs: kept for their e-mails too.
      if (isLocale(i18n.locale)) void saveLanguage(i18n.locale).catch(() => undefined);
      return res.user;
    },
    [accept],
  );

  const refresh = useCallback(async () => {
    await fetchMe();
  }, [fetchMe]);

  const value = useMemo<SessionState>(
    () => ({
      user,
      token,
      loading,
      isAuthenticated: !!user && !!token,
      login,
      loginSecondStep,
      register,
      accept,
      refresh,
      logout,
      signedOut,
      forget,
    }),
    [user, token, loading, login, loginSecondStep, register, accept, refresh, logout, signedOut, forget],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error('useSession must be used inside <SessionProvider>');
  return ctx;
}
