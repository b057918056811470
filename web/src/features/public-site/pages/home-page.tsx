import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import type { ChurchEvent } from '@church/contract/events';
import { SETTINGS_DEFAULTS } from '@church/contract/settings-constants';
import { dailyVerseQuery } from '../../../components/daily-verse-card';
import { publicSettingsQuery } from '../../../components/site/public-settings-query';
import { SiteFooter } from '../../../components/site/site-footer';
import { SiteHeader } from '../../../components/site/site-header';
import { endAdoptingServerHtml, isAdoptingServerHtml } from '../../../lib/server-html';
import { useSession } from '../../../lib/session';
import { recentSermonsQuery, upcomingEventsQuery } from '../api/home-queries';
import { CtaBanner } from '../components/cta-banner';
import { FindUsSection } from '../components/find-us-section';
import { FoundationSection } from '../components/foundation-section';
import { HeroCarousel } from '../components/hero-carousel';
import { LoadingScreen } from '../components/loading-screen';
import { RecentSermonsSection } from '../components/recent-sermons-section';
import { ServiceTimesSection } from '../components/service-times-section';
import { StatsStrip } from '../components/stats-strip';
import { UpcomingEventsSection } from '../components/upcoming-events-section';
import { slidesToShow } from '../components/hero-slides';
import { useHeroImagesReady } from '../components/use-hero-images';
import classes from '../components/home.module.css';

// Dialogs load on first use: they are not needed to paint the page.
const QuickContactDialog = lazy(() => import('../components/quick-contact-dialog').then((m) => ({ default: m.QuickContactDialog })));
const QuickRegistrationDialog = lazy(() =>
  import('../components/quick-registration-dialog').then((m) => ({ default: m.QuickRegistrationDialog })),
);
const EventDetailsDialog = lazy(() => import('../components/event-details-dialog').then((m) => ({ default: m.EventDetailsDialog })));

type Dialog = 'contact' | 'join' | null;

/** Longest the loading screen stays up. */
const MAX_LOADING_MS = 5000;

/**
 * Spec 000 §2 home page. Three requests in parallel (settings with the
 * figures, upcoming events, recent sermons) plus the verse card's own — all
 * started by main.tsx while React boots; each section falls back on its own
 * when its request fails.
 */
export function HomePage() {
  const { isAuthenticated } = useSession();
  const settings = useQuery(publicSettingsQuery);
  const events = useQuery(upcomingEventsQuery);
  const sermons = useQuery(recentSermonsQuery);
  // The verse card's own query: waiting for it too paints the whole hero in one frame.
  const verse = useQuery(dailyVerseQuery());
  // Server-rendered HTML arrives complete (its own loading screen waits for the images): start ready.
  const [adopted] = useState(isAdoptingServerHtml);
  useEffect(endAdoptingServerHtml, []);
  // The church's slides; a failed settings request still gets a hero (its own generic slide).
  const slides = settings.isPending ? undefined : slidesToShow(settings.data);
  const imagesReady = useHeroImagesReady(slides);
  // A slow source must not hold the whole page: after the cap each section shows its own loading state.
  const [waitedLongEnough, setWaitedLongEnough] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setWaitedLongEnough(true), MAX_LOADING_MS);
    return () => clearTimeout(t);
  }, []);
  const ready =
    adopted || waitedLongEnough || (imagesReady && !settings.isPending && !events.isPending && !sermons.isPending && !verse.isPending);
  // Below-the-fold sections render just after the hero is revealed: the loading
  // screen appears at once and the hero paints without waiting for them.
  const [showSections, setShowSections] = useState(adopted);
  useEffect(() => {
    if (ready) startTransition(() => setShowSections(true));
  }, [ready]);

  const [dialog, setDialog] = useState<Dialog>(null);
  const [openedOnce, setOpenedOnce] = useState<Record<string, boolean>>({});
  const [event, setEvent] = useState<ChurchEvent | null>(null);
  useEffect(() => {
    if (dialog) setOpenedOnce((o) => (o[dialog] ? o : { ...o, [dialog]: true }));
  }, [dialog]);
  useEffect(() => {
    if (event) setOpenedOnce((o) => (o.event ? o : { ...o, event: true }));
  }, [event]);

  const timeZone = settings.data?.timeZone ?? SETTINGS_DEFAULTS.timeZone;
  const openContact = () => setDialog('contact');
  const openJoin = () => setDialog('join');

  return (
    <>
      {!ready && <LoadingScreen />}
      {settings.data?.setupNeeded && (
        // A new install: the person who installed it finds the way to set it up (nothing else is on it yet).
        <div className={classes.setupBanner} role="note">
          This site has not been set up yet. <Link to={paths.setup}>Set up your church</Link>
        </div>
      )}
      <SiteHeader overlay onContact={openContact} onJoin={openJoin} />
      <main>
        {ready && <HeroCarousel slides={slides ?? slidesToShow(undefined)} isAuthenticated={isAuthenticated} />}
        {showSections && (
          <>
            <StatsStrip stats={settings.data?.homeStats} />
            <div className={classes.belowFold}>
              <FoundationSection
                settings={settings.data}
                isError={settings.isError}
                onRetry={() => settings.refetch()}
                onContact={openContact}
              />
            </div>
            <div className={classes.belowFold}>
              <RecentSermonsSection
                sermons={sermons.data}
                isError={sermons.isError}
                onRetry={() => sermons.refetch()}
                timeZone={timeZone}
              />
            </div>
            <div className={classes.belowFold}>
              <ServiceTimesSection services={settings.data?.services} onPlanVisit={openJoin} />
            </div>
            <div className={classes.belowFold}>
              <UpcomingEventsSection
                events={events.data?.events}
                isError={events.isError}
                onRetry={() => events.refetch()}
                onOpen={setEvent}
                timeZone={timeZone}
              />
            </div>
            <div className={classes.belowFold}>
              <FindUsSection settings={settings.data} isError={settings.isError} onRetry={() => settings.refetch()} />
            </div>
            <div className={classes.belowFold}>
              <CtaBanner isAuthenticated={isAuthenticated} />
            </div>
          </>
        )}
      </main>
      {showSections && <SiteFooter />}
      <Suspense fallback={null}>
        {openedOnce.contact && <QuickContactDialog opened={dialog === 'contact'} onClose={() => setDialog(null)} />}
        {openedOnce.join && <QuickRegistrationDialog opened={dialog === 'join'} onClose={() => setDialog(null)} />}
        {openedOnce.event && <EventDetailsDialog event={event} onClose={() => setEvent(null)} timeZone={timeZone} />}
      </Suspense>
    </>
  );
}
