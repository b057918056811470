/**
 * The home page is rendered on the server (entry-server.tsx) and the browser
 * adopts that HTML (main.tsx hydrates it). While that first render happens —
 * on the server, and in the browser's hydration pass — components must render
 * exactly what the server did: data from the embedded cache, no loading
 * screen (the static one in the HTML waits for the hero images) and the
 * signed-out state (the server cannot see the browser's stored session).
 */
let adopting = false;

/** Called by the server entry and by main.tsx before hydrating. */
export function beginAdoptingServerHtml() {
  adopting = true;
}

/** Called once the first page has mounted: later renders are ordinary client renders. */
export function endAdoptingServerHtml() {
  if (typeof window !== 'undefined') adopting = false;
}

export const isAdoptingServerHtml = () => adopting;

/** The id of the JSON script holding the server's query cache (see server/src/plugins/web-app.ts). */
export const SERVER_STATE_ID = 'server-state';
