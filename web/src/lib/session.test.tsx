import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../test/fixtures';
import { beginAdoptingServerHtml, endAdoptingServerHtml } from './server-html';
import { SessionProvider, useSession } from './session';
import { sessionStore } from './storage';

/** Records what each render saw, so the first render can be checked on its own. */
const seen: string[] = [];
function Probe() {
  const { isAuthenticated, user } = useSession();
  seen.push(isAuthenticated ? `signed in as ${user!.name}` : 'signed out');
  return <p>{seen.at(-1)}</p>;
}

const user = makeUser({ name: 'Naledi' });

beforeEach(() => {
  seen.length = 0;
  sessionStore.save('stored-token', user);
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(
    new Response(JSON.stringify({ status: 'success', data: { user } }), { headers: { 'content-type': 'application/json' } }),
  );
});
afterEach(() => {
  endAdoptingServerHtml();
  sessionStore.clear();
  vi.restoreAllMocks();
});

describe('SessionProvider', () => {
  it('starts from the stored session and re-fetches the user (spec 000 §4)', async () => {
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    expect(seen[0]).toBe('signed in as Naledi');
    await act(async () => {});
    expect(globalThis.fetch).toHaveBeenCalledTimes(1);
    expect(String(vi.mocked(globalThis.fetch).mock.calls[0]![0])).toContain('/api/auth/me');
  });

  it('renders signed out first while adopting server HTML, then the stored session', async () => {
    beginAdoptingServerHtml();
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    // The first render must match the server's, which cannot know who is signed in.
    expect(seen[0]).toBe('signed out');
    await act(async () => {});
    expect(screen.getByText('signed in as Naledi')).toBeInTheDocument();
  });

  it('keeps the stored session when the check gets no answer (navigating away, offline); ends it when refused', async () => {
    vi.mocked(globalThis.fetch).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const first = render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    await act(async () => {});
    expect(screen.getByText('signed in as Naledi')).toBeInTheDocument();
    expect(sessionStore.token()).toBe('stored-token');
    first.unmount();

    vi.mocked(globalThis.fetch).mockResolvedValueOnce(
      new Response(JSON.stringify({ status: 'error', message: 'Forbidden' }), {
        status: 403,
        headers: { 'content-type': 'application/json' },
      }),
    );
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    await act(async () => {});
    expect(sessionStore.token()).toBeNull();
  });

  it('keeps the stored session when the answer is cut short while it is read (the page navigating away)', async () => {
    const cutShort = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"status":"succ'));
        controller.error(new TypeError('network error'));
      },
    });
    vi.mocked(globalThis.fetch).mockResolvedValueOnce(new Response(cutShort, { headers: { 'content-type': 'application/json' } }));
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    await act(async () => {});
    expect(sessionStore.token()).toBe('stored-token');
    expect(screen.getByText('signed in as Naledi')).toBeInTheDocument();
  });

  it('logging out ends the session on the server (issue 29), then clears it and goes to the sign-in page', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
    let logout: () => void = () => {};
    function Out() {
      logout = useSession().logout;
      return null;
    }
    render(
      <SessionProvider>
        <Out />
      </SessionProvider>,
    );
    await act(async () => {});
    await act(async () => logout());
    await vi.waitFor(() => expect(assign).toHaveBeenCalled());
    const calls = vi.mocked(globalThis.fetch).mock.calls.map(([url, init]) => [String(url), (init as RequestInit | undefined)?.method]);
    expect(calls).toContainEqual([expect.stringContaining('/api/auth/logout'), 'POST']);
    expect(sessionStore.token()).toBeNull();
  });
});
