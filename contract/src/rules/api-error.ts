/**
 * Spec 000 §8 / 002 §8: a failed response's message is taken from message,
 * then error, then data.message, else 'Request failed with status {status}'
 * ('HTTP error! status: {status}' when the body is not JSON).
 */
export function failureMessage(status: number, body: unknown, bodyWasJson: boolean): string {
  if (!bodyWasJson) return `HTTP error! status: ${status}`;
  if (body && typeof body === 'object') {
    const b = body as { message?: unknown; error?: unknown; data?: { message?: unknown } };
    if (typeof b.message === 'string' && b.message) return b.message;
    if (typeof b.error === 'string' && b.error) return b.error;
    if (b.data && typeof b.data.message === 'string' && b.data.message) return b.data.message;
  }
  return `Request failed with status ${status}`;
}
