import { Container } from '@mantine/core';
import { Outlet } from 'react-router';
import { SiteFooter } from '../../components/site/site-footer';
import { SiteHeader } from '../../components/site/site-header';
import { useSession } from '../../lib/session';
import { useIsMobile } from '../../lib/use-is-mobile';
import { MemberDesktopShell } from './member-desktop-shell';
import { PhoneFrame } from './phone-frame';

/**
 * One layout for every member page, whatever its route (ARCHITECTURE "one
 * desktop shell, one phone frame"): the phone frame at 768 px and below, the
 * member desktop shell above. A visitor reading the Bible on a desktop gets
 * the public site's header and footer instead (there is no member to show).
 */
export function MemberLayout() {
  const isMobile = useIsMobile();
  const { user } = useSession();
  if (isMobile) {
    return (
      <PhoneFrame>
        <Outlet />
      </PhoneFrame>
    );
  }
  if (!user) {
    return (
      <>
        <SiteHeader />
        <Container component="main" size="lg" py="xl">
          <Outlet />
        </Container>
        <SiteFooter />
      </>
    );
  }
  return (
    <MemberDesktopShell>
      <Outlet />
    </MemberDesktopShell>
  );
}
