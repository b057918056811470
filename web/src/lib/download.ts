import { sessionStore } from './storage';

/** Downloads a file from an authenticated endpoint (the server streams it) and saves it under the server's name. */
export async function download(path: string, query: Record<string, string>, fallbackName: string) {
  const url = new URL(`/api${path}`, window.location.origin);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  const token = sessionStore.token();
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    const message = await res
      .json()
      .then((b: { message?: string }) => b.message)
      .catch(() => undefined);
    throw new Error(message ?? `Download failed (${res.status})`);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const blob = await res.blob();
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
  return name;
}

/** Saves text made in the browser (a CSV template, the rows an import left out) as a file. */
export function saveText(text: string, name: string, type = 'text/csv;charset=utf-8') {
  const a = document.createElement('a');
  // A byte-order mark: spreadsheet programs then read the file as UTF-8 (names like Zoë, Nkosi-Ngcobo).
  a.href = URL.createObjectURL(new Blob(['\ufeff', text], { type }));
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}
