import type { Prayer } from '@church/contract/prayers';
import type { PrayerRow } from '../../db/schema/index';

export function presentPrayer({ prayer: p, userName }: { prayer: PrayerRow; userName: string | null }): Prayer {
  const name = userName ?? (p.submittedBy || null);
  return {
    _id: p.id,
    id: p.id,
    title: p.title,
    description: p.description,
    isPublic: p.isPublic,
    status: (p.status || 'pending') as Prayer['status'],
    priority: p.priority as Prayer['priority'],
    userId: p.userId,
    submittedBy: p.submittedBy,
    user: name ? { name } : null,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    answeredAt: p.answeredAt ? p.answeredAt.toISOString() : null,
  };
}
