import { Accordion, Badge, Code, Group, Stack, Tabs, Text } from '@mantine/core';
import { curlSample, jsSample, type Endpoint } from '../api/openapi-model';
import { CopyTextButton } from './copy-text-button';

const METHOD_COLOR: Record<string, string> = { GET: 'blue', POST: 'green', PUT: 'orange', PATCH: 'yellow', DELETE: 'red' };

function Sample({ code, label }: { code: string; label: string }) {
  return (
    <Group align="flex-start" wrap="nowrap" gap="xs">
      <Code block style={{ flex: 1, overflowX: 'auto' }}>
        {code}
      </Code>
      <CopyTextButton value={code} label={`Copy ${label}`} />
    </Group>
  );
}

/** One endpoint: method, path, summary, who may call it, parameters and copyable samples. */
export function EndpointItem({ endpoint: e, origin }: { endpoint: Endpoint; origin: string }) {
  const auth = e.auth.includes('apiKey') ? 'API key or bearer token' : e.auth.includes('bearerAuth') ? 'Bearer token' : 'Public';
  return (
    <Accordion.Item value={e.id}>
      <Accordion.Control>
        <Group gap="sm" wrap="nowrap">
          <Badge color={METHOD_COLOR[e.method] ?? 'gray'} variant="filled" w={70} style={{ flexShrink: 0 }}>
            {e.method}
          </Badge>
          <Text ff="monospace" size="sm" style={{ wordBreak: 'break-all' }}>
            {e.path}
          </Text>
          <Text size="sm" c="gray.7" visibleFrom="sm" lineClamp={1}>
            {e.summary}
          </Text>
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="sm">
          <Text size="sm">{e.summary}</Text>
          <Text size="sm">
            <b>Authentication:</b> {auth}
          </Text>
          {e.query.length > 0 && (
            <Text size="sm">
              <b>Query:</b> {e.query.map((q) => `${q.name}${q.required ? ' (required)' : ''}`).join(', ')}
            </Text>
          )}
          {e.bodyFields.length > 0 && (
            <Text size="sm">
              <b>Body:</b> {e.bodyFields.join(', ')}
            </Text>
          )}
          <Tabs defaultValue="curl">
            <Tabs.List>
              <Tabs.Tab value="curl">curl</Tabs.Tab>
              <Tabs.Tab value="js">JavaScript</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="curl" pt="xs">
              <Sample code={curlSample(e, origin)} label="curl sample" />
            </Tabs.Panel>
            <Tabs.Panel value="js" pt="xs">
              <Sample code={jsSample(e, origin)} label="JavaScript sample" />
            </Tabs.Panel>
          </Tabs>
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}
