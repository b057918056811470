import { greeting } from '@church/contract/rules/greeting';
import type { MessageKey } from '@church/contract/i18n/keys';
import { useT } from '../../../lib/i18n/use-t';

const KEYS: Record<ReturnType<typeof greeting>, MessageKey> = {
  'Good morning': 'member.greeting.morning',
  'Good afternoon': 'member.greeting.afternoon',
  'Good evening': 'member.greeting.evening',
};

/** Spec 000 §2's greeting by the hour, as one sentence in the reader's language: 'Good morning, Thandi!'. */
export function useGreeting() {
  const t = useT();
  return (name: string) => t(KEYS[greeting()], { name });
}
