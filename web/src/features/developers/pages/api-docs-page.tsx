import { useMemo, useState } from 'react';
import { Accordion, Alert, Anchor, Button, Card, Code, Grid, Group, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PLAN_TERMS, PRICING_TIERS, TIERS } from '@church/contract/developers';
import { paths } from '../../../config/paths';
import { DeveloperShell } from '../components/developer-shell';
import { EndpointItem } from '../components/endpoint-item';
import { TryItPanel } from '../components/try-it-panel';
import { CopyTextButton } from '../components/copy-text-button';
import { DOC_SECTIONS, matchesSearch, openApiQuery } from '../api/openapi-model';

/** Prose for sections the OpenAPI document cannot say by itself. */
function SectionIntro({ id, origin }: { id: string; origin: string }) {
  if (id === 'getting-started')
    return (
      <Stack gap="xs">
        <Text size="sm">
          Base URL: <Code>{origin}/api</Code> <CopyTextButton value={`${origin}/api`} label="Copy base URL" />
        </Text>
        <Text size="sm">
          Every answer is <Code>{'{ "status": "success", "data": … }'}</Code> or <Code>{'{ "status": "error", "message": … }'}</Code>. Lists
          take <Code>page</Code> and <Code>limit</Code> and answer with <Code>page</Code>, <Code>limit</Code> and <Code>total</Code> beside
          the items.
        </Text>
        <Text size="sm">
          Create a key, then call any endpoint marked “API key”. Every keyed answer carries X-RateLimit-Limit, X-RateLimit-Remaining and
          X-RateLimit-Reset.
        </Text>
      </Stack>
    );
  if (id === 'authentication')
    return (
      <Text size="sm">
        Send your key as <Code>X-API-Key: chk_live_…</Code> or <Code>Authorization: Bearer chk_live_…</Code>. A key has its tier&apos;s
        permissions (only their reads while a paid plan awaits the church&apos;s approval; see Pricing); a missing permission is answered
        403, an unknown, revoked or expired key 401, and a used-up limit 429 with Retry-After. People sign in with /api/auth/login and use
        the returned token as a bearer token.
      </Text>
    );
  if (id === 'chat')
    return (
      <Text size="sm">
        Live messages use a WebSocket at <Code>{origin.replace(/^http/, 'ws')}/ws?token=&lt;JWT&gt;</Code> with JSON frames such as
        send_message, join_room and typing. The server announces others typing, joining and leaving as user_typing, user_joined and
        user_left (the spec&apos;s other names for them, typing, user_join and user_leave, are never sent; a client may accept both). An API
        key with read:chat can list rooms over REST.
      </Text>
    );
  if (id === 'pricing')
    return (
      <Stack gap="xs">
        <PricingTable />
        <Text size="sm">{PLAN_TERMS.trial}</Text>
        <Text size="sm">{PLAN_TERMS.limits}</Text>
        <Text size="sm">{PLAN_TERMS.retention}</Text>
      </Stack>
    );
  return null;
}

function PricingTable() {
  return (
    <Table fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Tier</Table.Th>
          <Table.Th>Per hour</Table.Th>
          <Table.Th>Per month</Table.Th>
          <Table.Th>Permissions</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {PRICING_TIERS.map((t) => (
          <Table.Tr key={t}>
            <Table.Td>{TIERS[t].name}</Table.Td>
            <Table.Td>{TIERS[t].requestsPerHour.toLocaleString('en-US')}</Table.Td>
            <Table.Td>{TIERS[t].requestsPerMonth.toLocaleString('en-US')}</Table.Td>
            <Table.Td>{TIERS[t].permissions.join(', ')}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Spec 002 §2.4: the docs, built from the live /api/openapi.json. */
export function ApiDocsPage() {
  const docs = useQuery(openApiQuery());
  const [search, setSearch] = useState('');
  const origin = window.location.origin;
  const sections = useMemo(
    () =>
      DOC_SECTIONS.map((s) => ({
        ...s,
        endpoints: (docs.data ?? []).filter(
          (e) => e.tags.some((t) => (s.tags as readonly string[]).includes(t)) && matchesSearch(e, search),
        ),
      })),
    [docs.data, search],
  );

  return (
    <DeveloperShell
      title="API Documentation"
      subtitle="Build on your church's members, events, sermons and chat"
      actions={
        <Button component={Link} to={paths.developerLogin}>
          Get API Keys
        </Button>
      }
    >
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 3 }} visibleFrom="md">
          <Stack gap={4} pos="sticky" top={80} component="nav" aria-label="Documentation sections">
            {DOC_SECTIONS.map((s) => (
              <Anchor key={s.id} href={`#${s.id}`} size="sm">
                {s.title}
              </Anchor>
            ))}
            <Anchor href="#try-it" size="sm">
              Try it
            </Anchor>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Stack gap="lg">
            <TextInput
              placeholder="Search endpoints by description or path"
              aria-label="Search endpoints"
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value.slice(0, 100))}
            />
            {docs.isPending && <Loader aria-label="Loading the API description" />}
            {docs.isError && (
              <Alert color="red" title="Could not load the API description">
                <Group justify="space-between">
                  <Text size="sm">{docs.error.message}</Text>
                  <Button size="xs" variant="white" color="red" onClick={() => docs.refetch()}>
                    Retry
                  </Button>
                </Group>
              </Alert>
            )}
            {sections.map((s) =>
              search && s.endpoints.length === 0 ? null : (
                <Card key={s.id} withBorder radius="md" p="lg" id={s.id}>
                  <Title order={2} size="h3" mb="sm">
                    {s.title}
                  </Title>
                  {!search && <SectionIntro id={s.id} origin={origin} />}
                  {s.endpoints.length > 0 && (
                    <Accordion variant="separated" mt="md" chevronPosition="left">
                      {s.endpoints.map((e) => (
                        <EndpointItem key={e.id} endpoint={e} origin={origin} />
                      ))}
                    </Accordion>
                  )}
                </Card>
              ),
            )}
            {search && docs.data && sections.every((s) => s.endpoints.length === 0) && (
              <Text c="gray.7">No endpoint matches “{search}”.</Text>
            )}
            {docs.data && <TryItPanel endpoints={docs.data} />}
          </Stack>
        </Grid.Col>
      </Grid>
    </DeveloperShell>
  );
}
