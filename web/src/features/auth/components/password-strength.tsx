import { Progress, Text } from '@mantine/core';
import { passwordStrength, strengthLabel } from '@church/contract/rules/password';

/** Spec 000 §5: four criteria at 25 points; 'Weak' < 50, 'Medium' < 75, else 'Strong'. */
export function PasswordStrength({ password }: { password: string }) {
  if (!password) return null;
  const score = passwordStrength(password);
  const { label, color } = strengthLabel(score);
  return (
    <div>
      <Progress value={score} color={color} size="sm" mt={6} aria-label="Password strength" />
      <Text size="xs" c={color === 'yellow' ? 'yellow.8' : color} mt={4} data-testid="password-strength">
        {label}
      </Text>
    </div>
  );
}
