import { Progress, Text } from '@mantine/core';
import { passwordStrength, strengthLabel } from '@church/contract/rules/password';
import type { MessageKey } from '@church/contract/i18n/keys';
import { useT } from '../../../lib/i18n/use-t';

const LABELS: Record<ReturnType<typeof strengthLabel>['label'], MessageKey> = {
  'Weak password': 'auth.strength.weak',
  'Medium password': 'auth.strength.medium',
  'Strong password': 'auth.strength.strong',
};

/** Spec 000 §5: four criteria at 25 points; 'Weak' < 50, 'Medium' < 75, else 'Strong'. */
export function PasswordStrength({ password }: { password: string }) {
  const t = useT();
  if (!password) return null;
  const score = passwordStrength(password);
  const { label, color } = strengthLabel(score);
  return (
    <div>
      <Progress value={score} color={color} size="sm" mt={6} aria-label={t('auth.strength.label')} />
      <Text size="xs" c={color === 'yellow' ? 'yellow.8' : color} mt={4} data-testid="password-strength">
        {t(LABELS[label])}
      </Text>
    </div>
  );
}
