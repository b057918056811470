import { useState } from 'react';
import { Badge, Button, Card, Code, Group, PasswordInput, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import type { Endpoint } from '../api/openapi-model';
import { storedApiKey } from '../api/developer-api';

interface Result {
  status: number;
  ms: number;
  limit: string | null;
  remaining: string | null;
  reset: string | null;
  retryAfter: string | null;
  body: string;
}

/** Calls the running server with the reader's key (X-API-Key), showing status, rate-limit headers and the answer. */
export function TryItPanel({ endpoints }: { endpoints: Endpoint[] }) {
  const keyed = endpoints.filter((e) => e.method === 'GET' && e.auth.includes('apiKey'));
  const [key, setKey] = useState(storedApiKey.get());
  const [path, setPath] = useState('/api/events?limit=5');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function send() {
    setBusy(true);
    setError(null);
    const started = performance.now();
    try {
      const url = new URL(path, window.location.origin);
      if (url.origin !== window.location.origin || !url.pathname.startsWith('/api/'))
        throw new Error('Only this server’s /api paths can be tried here');
      const res = await fetch(url, { headers: { accept: 'application/json', ...(key.trim() ? { 'x-api-key': key.trim() } : {}) } });
      const text = await res.text();
      let body = text;
      try {
        body = JSON.stringify(JSON.parse(text), null, 2);
      } catch {
        // not JSON: show as it came
      }
      if (key.trim()) storedApiKey.set(key.trim());
      setResult({
        status: res.status,
        ms: Math.round(performance.now() - started),
        limit: res.headers.get('x-ratelimit-limit'),
        remaining: res.headers.get('x-ratelimit-remaining'),
        reset: res.headers.get('x-ratelimit-reset'),
        retryAfter: res.headers.get('retry-after'),
        body: body.length > 20_000 ? `${body.slice(0, 20_000)}\n… (cut at 20,000 characters)` : body,
      });
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Request failed');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card withBorder radius="md" p="lg" id="try-it">
      <Title order={2} size="h4" mb="sm">
        Try it
      </Title>
      <Stack gap="sm">
        <PasswordInput
          label="Your API key"
          placeholder="chk_live_…"
          value={key}
          onChange={(e) => setKey(e.currentTarget.value)}
          autoComplete="off"
          visibilityToggleButtonProps={{ 'aria-label': 'Show or hide API key' }}
        />
        <Group align="flex-end" wrap="wrap">
          <Select
            label="Endpoint"
            placeholder="Pick an endpoint"
            data={keyed.map((e) => ({ value: e.path, label: `GET ${e.path}` }))}
            onChange={(v) => v && setPath(v)}
            w={260}
          />
          <TextInput
            label="Request path"
            value={path}
            onChange={(e) => setPath(e.currentTarget.value)}
            style={{ flex: 1, minWidth: 200 }}
            ff="monospace"
          />
          <Button onClick={send} loading={busy}>
            Send request
          </Button>
        </Group>
        {error && <Text c="red">{error}</Text>}
        {result && (
          <Stack gap="xs" data-testid="try-it-result">
            <Group gap="xs">
              <Badge color={result.status < 300 ? 'green' : result.status === 429 ? 'orange' : 'red'} size="lg">
                {result.status}
              </Badge>
              <Text size="sm">{result.ms} ms</Text>
              {result.limit && (
                <Text size="sm" c="gray.7">
                  X-RateLimit-Limit {result.limit} · Remaining {result.remaining} · Reset{' '}
                  {result.reset && new Date(Number(result.reset) * 1000).toLocaleTimeString('en-ZA')}
                </Text>
              )}
              {result.retryAfter && <Text size="sm">Retry-After {result.retryAfter} s</Text>}
            </Group>
            {/* Focusable so a keyboard can scroll a long answer (axe: scrollable-region-focusable). */}
            <Code block mah={360} style={{ overflow: 'auto' }} tabIndex={0} role="region" aria-label="Response body">
              {result.body}
            </Code>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
