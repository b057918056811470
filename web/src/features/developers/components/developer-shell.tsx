import type { ReactNode } from 'react';
import { Anchor, Box, Burger, Button, Container, Drawer, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCode } from '@tabler/icons-react';
import { Link, NavLink } from 'react-router';
import { can } from '@church/contract/roles';
import { useSession } from '../../../lib/session';
import { paths } from '../../../config/paths';
import classes from './developer-shell.module.css';

const PUBLIC_LINKS = [
  { to: paths.apiDocs, label: 'Docs' },
  { to: paths.pricing, label: 'Pricing' },
];
const DEV_LINKS = [
  { to: paths.apiKeys, label: 'API Keys' },
  { to: paths.webhooks, label: 'Webhooks' },
  { to: paths.developerAnalytics, label: 'Analytics' },
  { to: paths.integrations, label: 'Integrations' },
];

/** The developer portal's own frame: one header and navigation for every developer page. */
export function DeveloperShell({
  title,
  subtitle,
  actions,
  children,
}: {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { user, logout } = useSession();
  const [opened, { toggle, close }] = useDisclosure(false);
  const isDev = can(user, 'api:access');
  const links = isDev ? [...PUBLIC_LINKS, ...DEV_LINKS] : PUBLIC_LINKS;
  const nav = (vertical: boolean) =>
    links.map((l) => (
      <Anchor
        key={l.to}
        component={NavLink}
        to={l.to}
        className={classes.link}
        onClick={close}
        c="var(--mantine-color-text)"
        underline="never"
        fw={500}
        size={vertical ? 'lg' : 'sm'}
      >
        {l.label}
      </Anchor>
    ));
  const account = user ? (
    <Group gap="xs">
      <Text size="sm" c="gray.7" visibleFrom="sm">
        {user.name}
      </Text>
      <Button variant="default" size="xs" onClick={() => logout()}>
        Sign out
      </Button>
    </Group>
  ) : (
    <Group gap="xs">
      <Button component={Link} to={paths.developerLogin} variant="default" size="xs">
        Log in
      </Button>
      <Button component={Link} to={paths.developerRegister} size="xs">
        Sign up
      </Button>
    </Group>
  );

  return (
    <Box className={classes.page}>
      <header className={classes.header}>
        <Container size="xl" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Group gap="lg" wrap="nowrap">
              <Anchor component={Link} to={paths.apiDocs} underline="never" c="var(--mantine-color-text)">
                <Group gap={6} wrap="nowrap">
                  <IconCode size={22} aria-hidden />
                  <Text fw={700}>Developer Portal</Text>
                </Group>
              </Anchor>
              <Group gap="md" visibleFrom="md" component="nav" aria-label="Developer portal">
                {nav(false)}
              </Group>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <Box visibleFrom="md">{account}</Box>
              <Burger hiddenFrom="md" opened={opened} onClick={toggle} aria-label="Open navigation" />
            </Group>
          </Group>
        </Container>
      </header>
      <Drawer opened={opened} onClose={close} title="Developer Portal" hiddenFrom="md" size="xs">
        <Stack component="nav" aria-label="Developer portal menu">
          {nav(true)}
          {account}
        </Stack>
      </Drawer>
      <Container size="xl" py="xl" component="main">
        <Group justify="space-between" align="flex-end" mb="lg" wrap="wrap">
          <div>
            <Title order={1} size="h2">
              {title}
            </Title>
            {subtitle && <Text c="gray.7">{subtitle}</Text>}
          </div>
          {actions}
        </Group>
        {children}
      </Container>
    </Box>
  );
}
