import type { QueryClient } from '@tanstack/react-query';
import { dailyVerseQuery } from '../../components/daily-verse-card';
import { publicSettingsQuery } from '../../components/site/public-settings-query';
import { recentSermonsQuery, upcomingEventsQuery } from './api/home-queries';
import { slidesToShow } from './components/hero-slides';
import { startHeroImages } from './components/use-hero-images';

/** The home page's four requests: prefetched by the browser, or answered by the server's render. */
export const HOME_QUERIES = [publicSettingsQuery, upcomingEventsQuery, recentSermonsQuery, dailyVerseQuery()] as Parameters<
  QueryClient['prefetchQuery']
>[0][];

/**
 * Called by main.tsx when the first page is the home page: starts the page's
 * code, its four requests and its hero images while React boots, instead of
 * after the first render. The queries land in the same cache the page reads.
 */
export function prefetchHome(queryClient: QueryClient) {
  void import('./pages/home-page');
  // A failure here is not reported: the page's own query shows the error and Retry.
  for (const q of HOME_QUERIES) void queryClient.prefetchQuery(q);
  // The pictures are the church's own: known once its settings arrive.
  void queryClient.fetchQuery(publicSettingsQuery).then(
    (s) => startHeroImages(slidesToShow(s)),
    () => undefined,
  );
}
