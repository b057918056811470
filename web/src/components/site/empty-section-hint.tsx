import { Alert, Anchor, Container } from '@mantine/core';
import { Link } from 'react-router';
import { can } from '@church/contract/roles';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/session';

/**
 * A part of the public site the church has not filled yet: visitors see
 * nothing at all; someone who may edit the settings sees where it would be,
 * with a link to the editor's tab that fills it.
 */
export function EmptySectionHint({ what, tab, to }: { what: string; tab?: string; to?: string }) {
  const { user } = useSession();
  if (!can(user, 'settings:write')) return null;
  return (
    <Container size="lg" py="md">
      <Alert variant="light" color="gold" data-testid="empty-section-hint" title={`${what} — not shown to visitors yet`}>
        Visitors do not see this part of the site until it has content.{' '}
        <Anchor component={Link} to={to ?? `${paths.settings}?tab=${tab ?? 'general'}`} fw={600}>
          Fill it in
        </Anchor>
      </Alert>
    </Container>
  );
}
