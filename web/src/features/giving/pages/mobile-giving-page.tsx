import { NotYetAvailablePage } from '../../system/pages/not-yet-available-page';

// Replaced by the feature's real page.
export function MobileGivingPage() {
  return <NotYetAvailablePage title="Giving" />;
}
