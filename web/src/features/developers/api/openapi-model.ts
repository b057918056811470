import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

interface OpenApiOperation {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean; description?: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown>; required?: string[] } }> };
}
interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

export interface Endpoint {
  id: string;
  method: string;
  path: string;
  summary: string;
  tags: string[];
  /** Which credentials the operation declares: 'apiKey', 'bearerAuth', or none (public). */
  auth: string[];
  query: { name: string; required: boolean; description?: string }[];
  bodyFields: string[];
}

/** The sections of spec 002 §2.4 and the OpenAPI tags that fill them. */
export const DOC_SECTIONS = [
  { id: 'getting-started', title: 'Getting Started', tags: [] },
  { id: 'authentication', title: 'Authentication', tags: ['Authentication'] },
  { id: 'members', title: 'Members', tags: ['Members'] },
  { id: 'events', title: 'Events', tags: ['Events', 'Event registrations'] },
  { id: 'sermons', title: 'Sermons', tags: ['Sermons'] },
  { id: 'chat', title: 'Real-time Chat', tags: ['Chat'] },
  { id: 'bible', title: 'Bible Service', tags: ['Bible Service'] },
  { id: 'pricing', title: 'Pricing & Billing', tags: ['Pricing', 'Developers', 'Webhooks'] },
] as const;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** The live OpenAPI document → endpoints, so the docs never drift from the server. */
export function endpointsFrom(doc: OpenApiDocument): Endpoint[] {
  const out: Endpoint[] = [];
  for (const [path, ops] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = ops[method];
      if (!op) continue;
      const body = Object.values(op.requestBody?.content ?? {})[0]?.schema;
      out.push({
        id: `${method}-${path}`.replace(/[^a-z0-9]+/gi, '-'),
        method: method.toUpperCase(),
        path,
        summary: op.summary ?? op.description ?? '',
        tags: op.tags ?? [],
        auth: (op.security ?? []).flatMap((s) => Object.keys(s)),
        query: (op.parameters ?? [])
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, required: !!p.required, description: p.description })),
        bodyFields: Object.keys(body?.properties ?? {}),
      });
    }
  }
  return out.sort(
    (a, b) => a.path.localeCompare(b.path) || METHODS.indexOf(a.method.toLowerCase()) - METHODS.indexOf(b.method.toLowerCase()),
  );
}

export const openApiQuery = () =>
  queryOptions({
    queryKey: ['openapi'],
    queryFn: async () => endpointsFrom((await api('/openapi.json')) as OpenApiDocument),
    staleTime: 300_000,
  });

/** Description or path contains every word of the search (case-insensitive). */
export function matchesSearch(e: Endpoint, search: string) {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const hay = `${e.method} ${e.path} ${e.summary}`.toLowerCase();
  return words.every((w) => hay.includes(w));
}

export function curlSample(e: Endpoint, origin: string) {
  const lines = [`curl -X ${e.method} "${origin}${e.path}"`];
  if (e.auth.includes('apiKey')) lines.push(`  -H "X-API-Key: $CHURCH_API_KEY"`);
  else if (e.auth.includes('bearerAuth')) lines.push(`  -H "Authorization: Bearer $TOKEN"`);
  if (e.bodyFields.length) {
    lines.push(`  -H "Content-Type: application/json"`);
    lines.push(`  -d '${JSON.stringify(Object.fromEntries(e.bodyFields.slice(0, 4).map((f) => [f, '…'])))}'`);
  }
  return lines.join(' \\\n');
}

export function jsSample(e: Endpoint, origin: string) {
  const headers: string[] = [];
  if (e.auth.includes('apiKey')) headers.push(`'X-API-Key': process.env.CHURCH_API_KEY`);
  else if (e.auth.includes('bearerAuth')) headers.push('Authorization: `Bearer ${token}`');
  if (e.bodyFields.length) headers.push(`'Content-Type': 'application/json'`);
  const body = e.bodyFields.length
    ? `,\n  body: JSON.stringify(${JSON.stringify(Object.fromEntries(e.bodyFields.slice(0, 4).map((f) => [f, '…'])))})`
    : '';
  return `const res = await fetch('${origin}${e.path}', {\n  method: '${e.method}',\n  headers: { ${headers.join(', ')} }${body}\n});\nconst { status, data } = await res.json();`;
}
