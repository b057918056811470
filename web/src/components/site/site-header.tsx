import { Box, Burger, Button, Container, Drawer, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/session';
import { publicSettingsQuery } from './public-settings-query';
import classes from './site.module.css';

export interface SiteHeaderProps {
  /** Transparent over the home hero; solid elsewhere. */
  overlay?: boolean;
  /** Opens the Quick Contact dialog; without it Contact goes to /contact. */
  onContact?: () => void;
  /** Opens Quick Registration; without it Join Us goes to /register. */
  onJoin?: () => void;
}

export function SiteLogo({ light }: { light?: boolean }) {
  const { data } = useQuery(publicSettingsQuery);
  return (
    <Link to={paths.home} className={classes.logo} aria-label="Home">
      <img src="/favicon.svg" width={34} height={34} alt="" />
      <Text fw={700} ff="heading" fz={{ base: 'md', sm: 'lg' }} c={light ? 'white' : 'navy.9'} lineClamp={1}>
        {data?.churchName ?? 'Church Community'}
      </Text>
    </Link>
  );
}

/** Spec 000 §2 navigation: Contact, API Docs, and Dashboard (signed in) or Login and Join Us. */
export function SiteHeader({ overlay, onContact, onJoin }: SiteHeaderProps) {
  const { isAuthenticated } = useSession();
  const [opened, { toggle, close }] = useDisclosure(false);
  const light = !!overlay;

  const contact = onContact ? { onClick: () => (close(), onContact()) } : { component: Link, to: paths.contact, onClick: close };
  const join = onJoin ? { onClick: () => (close(), onJoin()) } : { component: Link, to: paths.register, onClick: close };

  const links = (vertical: boolean) => {
    const variant = vertical ? 'light' : light ? 'white' : 'subtle';
    const tone = !vertical && light ? { c: 'white', variant: 'subtle' as const, className: classes.overlayLink } : { variant };
    return (
      <>
        <Button {...tone} {...(contact as object)} fullWidth={vertical}>
          Contact
        </Button>
        <Button {...tone} component={Link} to={paths.apiDocs} onClick={close} fullWidth={vertical}>
          API Docs
        </Button>
        {isAuthenticated ? (
          <Button component={Link} to={paths.dashboard} onClick={close} color="gold.6" c="navy.9" fullWidth={vertical}>
            Dashboard
          </Button>
        ) : (
          <>
            <Button {...tone} component={Link} to={paths.login} onClick={close} fullWidth={vertical}>
              Login
            </Button>
            <Button {...(join as object)} color="gold.6" c="navy.9" fullWidth={vertical}>
              Join Us
            </Button>
          </>
        )}
      </>
    );
  };

  return (
    <Box component="header" className={light ? classes.headerOverlay : classes.header}>
      <Container size="lg" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <SiteLogo light={light} />
          <Group gap="xs" visibleFrom="sm" component="nav" aria-label="Main">
            {links(false)}
          </Group>
          <Burger opened={opened} onClick={toggle} hiddenFrom="sm" color={light ? 'white' : undefined} aria-label="Open menu" />
        </Group>
      </Container>
      <Drawer opened={opened} onClose={close} position="right" size="xs" title="Menu" hiddenFrom="sm">
        <Stack component="nav" aria-label="Mobile">
          {links(true)}
          <UnstyledButton component={Link} to={paths.sermons} onClick={close} className={classes.drawerLink}>
            Sermons
          </UnstyledButton>
          <UnstyledButton component={Link} to={paths.about} onClick={close} className={classes.drawerLink}>
            About
          </UnstyledButton>
        </Stack>
      </Drawer>
    </Box>
  );
}
