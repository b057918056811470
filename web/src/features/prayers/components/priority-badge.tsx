import { Badge } from '@mantine/core';

/** Spec 001 §9 priority colours: low blue, medium orange, high red. */
const COLORS = { low: 'blue', medium: 'orange', high: 'red' } as const;
export function PriorityBadge({ priority }: { priority: keyof typeof COLORS }) {
  return (
    <Badge color={COLORS[priority]} variant="light">
      {priority}
    </Badge>
  );
}
