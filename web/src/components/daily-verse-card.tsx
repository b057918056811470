import { ActionIcon, Card, Group, Skeleton, Text } from '@mantine/core';
import { IconBook, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { z } from 'zod';
import { type dailyVerseResponse } from '@church/contract/bible/daily-verse';
import { FALLBACK_DAILY_VERSE } from '@church/contract/bible/daily-verse-constants';
import { apiAs } from '../lib/api-client';
import { notify } from '../lib/notify';

export const dailyVerseQuery = {
  queryKey: ['bible', 'daily-verse'] as const,
  queryFn: () => apiAs<z.output<typeof dailyVerseResponse>>('/bible/daily-verse').then((r) => r.data.verse),
  staleTime: 60 * 60_000,
};

/**
 * Verse of the day (spec 000 §2/§8): on failure the toast 'Failed to load
 * daily verse' and John 3:16 (KJV); a manual refresh says 'Daily verse refreshed'.
 */
export function DailyVerseCard({ title = "Today's Verse", variant = 'light' }: { title?: string; variant?: 'light' | 'glass' }) {
  const query = useQuery(dailyVerseQuery);
  const warned = useRef(false);
  useEffect(() => {
    if (query.isError && !warned.current) {
      warned.current = true;
      notify.error('Failed to load daily verse');
    }
  }, [query.isError]);
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
          title="Refresh verse"
          variant="subtle"
          color={glass ? 'gray.0' : 'navy'}
          aria-label="Refresh verse"
          onClick={async () => {
            const r = await query.refetch();
            if (r.isSuccess) notify.success('Daily verse refreshed');
          }}
        >
          <IconRefresh size={16} />
        </ActionIcon>
      </Group>
      {verse ? (
        <>
          <Text fz="lg" fs="italic" lh={1.5} ff="heading" data-testid="daily-verse-text">
            “{verse.text}”
          </Text>
          <Text mt="sm" fw={600} size="sm" c={glass ? 'gray.2' : 'dimmed'}>
            — {verse.fullReference}
          </Text>
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
