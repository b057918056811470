import { useEffect, useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Outlet, useMatches } from 'react-router';
import { useChurchName } from '../components/brand/church-brand';
import { publicSettingsQuery } from '../components/site/public-settings-query';
import { SkipLink } from '../components/skip-link';

/** A page whose title depends on its data (a sermon, an event) names itself here while it is shown. */
let override: string | null = null;
const listeners = new Set<() => void>();
function setOverride(title: string | null) {
  override = title;
  listeners.forEach((l) => l());
}
const subscribe = (l: () => void) => (listeners.add(l), () => void listeners.delete(l));

/** Names the browser tab after this page's data, e.g. the sermon's title; the route's own title returns on leaving. */
export function usePageTitle(title: string | null | undefined) {
  useEffect(() => {
    if (!title) return;
    setOverride(title);
    return () => setOverride(null);
  }, [title]);
}

/** 'Prayer · Grace Harvest Church' — the route's handle.title, or the church's name alone on the home page. */
export function composeTitle(page: string | null | undefined, church: string): string {
  return page ? `${page} · ${church}` : church;
}

/**
 * The root route: every browser-tab title is the page's name and the church's
 * (routes carry handle.title; pages with data-named titles call usePageTitle),
 * and the tab's icon is the church's logo once one is uploaded.
 */
export function DocumentTitle() {
  const matches = useMatches();
  const church = useChurchName();
  const dynamic = useSyncExternalStore(
    subscribe,
    () => override,
    () => null,
  );
  const routeTitle = [...matches]
    .reverse()
    .map((m) => (m.handle as { title?: string } | undefined)?.title)
    .find(Boolean);
  const title = composeTitle(dynamic ?? routeTitle, church);
  useEffect(() => {
    document.title = title;
  }, [title]);
  const logoUrl = useQuery(publicSettingsQuery).data?.logoUrl;
  useEffect(() => {
    const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!icon || !logoUrl) return;
    icon.removeAttribute('type'); // the logo is PNG, JPEG or WebP, not the SVG mark
    icon.href = logoUrl;
  }, [logoUrl]);
  return (
    <>
      <SkipLink />
      <Outlet />
    </>
  );
}
