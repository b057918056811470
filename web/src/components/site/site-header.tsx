import { lazy, Suspense, useState } from 'react';
import { Box, Burger, Button, Container, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/session';
import { publicSettingsQuery } from './public-settings-query';
import { useT } from '../../lib/i18n/use-t';
import type { MessageKey } from '@church/contract/i18n/keys';
import { LanguageSwitcher } from '../language-switcher';
import classes from './site.module.css';

// The drawer (Mantine's Drawer with its scroll area, scroll lock and focus trap) is code the
// public site's first load does not need: it loads when the menu button is first pressed.
const loadMenuDrawer = () => import('./site-menu-drawer');
const SiteMenuDrawer = lazy(loadMenuDrawer);

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
  const name = data?.churchName ?? 'Church Community';
  const t = useT();
  // The link's name keeps its visible text (WCAG 2.5.3) and says where it goes.
  return (
    <Link to={paths.home} className={classes.logo} aria-label={t('common.logo.home', { church: name })}>
      {/* The church's own logo once an administrator uploads one (Church settings); our mark until then. */}
      <img src={data?.logoUrl || '/favicon.svg'} width={34} height={34} alt="" style={{ objectFit: 'contain' }} />
      <Text fw={700} ff="heading" fz={{ base: 'md', sm: 'lg' }} c={light ? 'white' : 'navy.9'} lineClamp={1}>
        {name}
      </Text>
    </Link>
  );
}

/** Issue 18: what a visitor comes for, in the header; API Docs lives in the footer's Developers links. */
const SITE_LINKS: { label: MessageKey; to: string }[] = [
  { label: 'common.nav.about', to: paths.about },
  { label: 'common.nav.ministries', to: paths.ministries },
  { label: 'common.nav.sermons', to: paths.sermons },
  { label: 'common.nav.events', to: paths.upcomingEvents },
  // Giving needs a member account: a visitor signs in (or up) and lands on the giving page.
  { label: 'common.nav.give', to: paths.mobile.giving },
];

/**
 * Spec 000 §2 navigation (Contact, and Dashboard signed in or Login and Join
 * Us), with About, Ministries, Sermons, Events and Give before it (issue 18).
 * Wide screens show every link; below 992 px they fold behind the menu button.
 */
export function SiteHeader({ overlay, onContact, onJoin }: SiteHeaderProps) {
  const { isAuthenticated } = useSession();
  const t = useT();
  const [opened, { toggle, close }] = useDisclosure(false);
  const [menuWanted, setMenuWanted] = useState(false);
  const light = !!overlay;

  const contact = onContact ? { onClick: () => (close(), onContact()) } : { component: Link, to: paths.contact, onClick: close };
  const join = onJoin ? { onClick: () => (close(), onJoin()) } : { component: Link, to: paths.register, onClick: close };

  const links = (vertical: boolean) => {
    const variant = vertical ? 'subtle' : light ? 'white' : 'subtle';
    const tone = !vertical && light ? { c: 'white', variant: 'subtle' as const, className: classes.overlayLink } : { variant, c: 'navy.9' };
    const size = vertical ? 'md' : 'compact-md';
    const align = vertical ? { justify: 'flex-start' as const } : {};
    return (
      <>
        {SITE_LINKS.map((l) => (
          <Button key={l.to} {...tone} {...align} size={size} component={Link} to={l.to} onClick={close} fullWidth={vertical}>
            {t(l.label)}
          </Button>
        ))}
        <Button {...tone} {...align} size={size} {...(contact as object)} fullWidth={vertical}>
          {t('common.nav.contact')}
        </Button>
        {isAuthenticated ? (
          <Button component={Link} to={paths.dashboard} onClick={close} color="gold.6" c="navy.9" size={size} fullWidth={vertical}>
            {t('common.nav.dashboard')}
          </Button>
        ) : (
          <>
            <Button {...tone} {...align} size={size} component={Link} to={paths.login} onClick={close} fullWidth={vertical}>
              {t('common.nav.login')}
            </Button>
            <Button {...(join as object)} color="gold.6" c="navy.9" size={size} fullWidth={vertical}>
              {t('common.nav.joinUs')}
            </Button>
          </>
        )}
      </>
    );
  };

  return (
    <Box component="header" className={light ? classes.headerOverlay : classes.header}>
      <Container size="xl" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <SiteLogo light={light} />
          <Group gap={4} visibleFrom="md" component="nav" aria-label={t('common.nav.main')} wrap="nowrap">
            {links(false)}
            <LanguageSwitcher tone={light ? 'dark' : 'light'} />
          </Group>
          <Group gap="xs" hiddenFrom="md" wrap="nowrap">
            <LanguageSwitcher tone={light ? 'dark' : 'light'} />
            <Burger
              opened={opened}
              onClick={() => (setMenuWanted(true), toggle())}
              // Start fetching the drawer as the finger or pointer arrives, before the click.
              onPointerDown={() => void loadMenuDrawer()}
              color={light ? 'white' : undefined}
              aria-label={t('common.nav.openMenu')}
            />
          </Group>
        </Group>
      </Container>
      {menuWanted && (
        <Suspense fallback={null}>
          <SiteMenuDrawer opened={opened} onClose={close}>
            {links(true)}
          </SiteMenuDrawer>
        </Suspense>
      )}
    </Box>
  );
}
