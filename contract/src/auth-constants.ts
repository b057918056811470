/** Session and password-reset constants. No zod here, so the app shell can import them without downloading schemas. */

/** Forgot-password answers the same whether or not the account exists. */
export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for that email, we have sent a link to reset the password. It is valid for one hour.';
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** Spec 000 §4: the session is re-fetched every 30 minutes. */
export const SESSION_REFRESH_MS = 30 * 60 * 1000;
