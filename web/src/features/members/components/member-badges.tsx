import { Badge } from '@mantine/core';

export const capitalize = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

const ROLE_COLORS: Record<string, string> = {
  member: 'gray',
  volunteer: 'teal',
  deacon: 'cyan',
  elder: 'blue',
  pastor: 'violet',
  admin: 'grape',
  superadmin: 'grape',
};
const STATUS_COLORS: Record<string, string> = { active: 'green', inactive: 'gray', visitor: 'yellow' };

export function RoleBadge({ role }: { role: string }) {
  return (
    <Badge variant="light" color={ROLE_COLORS[role] ?? 'gray'}>
      {role}
    </Badge>
  );
}

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge variant="light" color={STATUS_COLORS[status] ?? 'gray'}>
      {status}
    </Badge>
  );
}
