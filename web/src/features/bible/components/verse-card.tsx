import { Badge, Card, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { knownVersion } from '@church/contract/bible/versions';
import { VerseActionsBar, type SharedVerse } from './verse-actions-bar';

/** A verse on its own: reference, version badge, text and its actions. */
export function VerseCard({
  verse,
  bookmarked,
  onToggleBookmark,
  footer,
}: {
  verse: SharedVerse;
  bookmarked: boolean;
  onToggleBookmark: () => void;
  footer?: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="md" data-testid="verse-card">
      <Group justify="space-between" wrap="nowrap" mb={6}>
        <Group gap={6} wrap="nowrap">
          <Text fw={700} c="navy.8">
            {verse.reference}
          </Text>
          <Badge size="sm" variant="light" color={knownVersion(verse.version)?.badgeColor ?? 'teal'}>
            {verse.version}
          </Badge>
        </Group>
        <VerseActionsBar verse={verse} bookmarked={bookmarked} onToggleBookmark={onToggleBookmark} size="md" />
      </Group>
      <Text ff="heading" lh={1.6}>
        {verse.text}
      </Text>
      {footer}
    </Card>
  );
}
