import { ActionIcon, Card, Group, Skeleton, Text } from '@mantine/core';
import { IconBook, IconRefresh } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { type DailyVerse, type dailyVerseResponse } from '@church/contract/bible/daily-verse';
import { DAILY_VERSE_REFERENCES, DAILY_VERSE_VERSION, FALLBACK_DAILY_VERSE } from '@church/contract/bible/daily-verse-constants';
import { apiAs } from '../lib/api-client';
import { useT } from '../lib/i18n/use-t';
import { notify } from '../lib/notify';

/** The verse of the day in a translation; `offset` steps along the rotation ('Refresh verse' shows the next one). */
export const dailyVerseQuery = (version: string = DAILY_VERSE_VERSION, offset = 0) => ({
  queryKey: ['bible', 'daily-verse', version, offset] as const,
  queryFn: () => {
    const params = new URLSearchParams();
    if (version !== DAILY_VERSE_VERSION) params.set('version', version);
    if (offset) params.set('offset', String(offset));
    const qs = params.size ? `?${params}` : '';
    return apiAs<z.output<typeof dailyVerseResponse>>(`/bible/daily-verse${qs}`).then((r) => r.data.verse);
  },
  staleTime: 60 * 60_000,
});

/**
 * Verse of the day (spec 000 §2/§8): on failure the toast 'Failed to load
 * daily verse' and John 3:16 (KJV); a manual refresh shows the next verse of
 * the rotation and says 'Daily verse refreshed'.
 */
export function DailyVerseCard({
  title: ownTitle,
  variant = 'light',
  version = DAILY_VERSE_VERSION,
  footer,
}: {
  title?: string;
  variant?: 'light' | 'glass';
  /** The reader's chosen translation (the Bible page's chips). */
  version?: string;
  /** Actions under the verse (the Bible page's bookmark, copy and read-aloud). */
  footer?: (verse: DailyVerse) => ReactNode;
}) {
  const t = useT();
  const title = ownTitle ?? t('common.verse.title');
  const [offset, setOffset] = useState(0);
  const query = useQuery(dailyVerseQuery(version, offset));
  const queryClient = useQueryClient();
  const warned = useRef(false);
  useEffect(() => {
    if (query.isError && !warned.current) {
      warned.current = true;
      notify.error(t('common.verse.failed'));
    }
  }, [query.isError, t]);
  const refresh = async () => {
    const next = (offset + 1) % DAILY_VERSE_REFERENCES.length;
    try {
      await queryClient.fetchQuery(dailyVerseQuery(version, next));
      setOffset(next);
      notify.success(t('common.verse.refreshed'));
    } catch {
      notify.error(t('common.verse.failed'));
    }
  };
  const verse = query.data ?? (query.isError ? FALLBACK_DAILY_VERSE : null);
  const glass = variant === 'glass';
  return (
    <Card
      radius="lg"
      padding="lg"
      withBorder={!glass}
      style={
        glass
          ? {
              background: 'rgba(255,255,255,0.12)',
              backdropFilter: 'blur(6px)',
              color: 'white',
              border: '1px solid rgba(255,255,255,0.25)',
            }
          : undefined
      }
      aria-label={title}
    >
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Group gap={6} wrap="nowrap">
          <IconBook size={18} color={glass ? 'var(--mantine-color-gold-3)' : 'var(--mantine-color-navy-6)'} />
          <Text fw={700} size="sm" tt="uppercase" c={glass ? 'gold.3' : 'navy.7'}>
            {title}
          </Text>
        </Group>
        {/* A plain title rather than Mantine's Tooltip: the tooltip engine would add 15 KB to the home page. */}
        <ActionIcon
          title={t('common.verse.refresh')}
          variant="subtle"
          color={glass ? 'gray.0' : 'navy'}
          aria-label={t('common.verse.refresh')}
          onClick={() => void refresh()}
        >
          <IconRefresh size={16} />
        </ActionIcon>
      </Group>
      {verse ? (
        <>
          <Text fz="lg" fs="italic" lh={1.5} ff="heading" data-testid="daily-verse-text" data-user-content>
            “{verse.text}”
          </Text>
          <Text mt="sm" fw={600} size="sm" c={glass ? 'gray.2' : 'dimmed'} data-user-content>
            — {verse.fullReference}
          </Text>
          {footer?.(verse)}
        </>
      ) : (
        <>
          <Skeleton height={14} mb={8} />
          <Skeleton height={14} mb={8} />
          <Skeleton height={14} width="40%" />
        </>
      )}
    </Card>
  );
}
