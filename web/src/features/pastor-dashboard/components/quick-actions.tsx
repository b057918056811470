import { Button, Card, Chip, Group, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { Suspense, useState } from 'react';
import { Link } from 'react-router';
import { can, type Principal } from '@church/contract/roles';
import {
  ACTION_CATEGORIES,
  PHONE_GROUPS,
  QUICK_ACTIONS,
  type ActionCategory,
  type DialogComponent,
  type QuickAction,
} from './quick-action-list';

const title = (c: string) => c[0]!.toUpperCase() + c.slice(1);

type OpenDialog = (dialog: DialogComponent) => void;

/** Tiles that navigate or open their dialog (loaded when first opened). */
function ActionGrid({ actions, open }: { actions: QuickAction[]; open: OpenDialog }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }}>
      {actions.map((a) => {
        const body = (
          <Group gap={8} wrap="nowrap" p="sm" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}>
            <a.icon size={18} />
            <Text size="sm" fw={500}>
              {a.label}
            </Text>
          </Group>
        );
        return a.kind === 'navigate' ? (
          <UnstyledButton key={a.label} component={Link} to={a.to}>
            {body}
          </UnstyledButton>
        ) : (
          <UnstyledButton key={a.label} onClick={() => open(a.dialog)}>
            {body}
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}

/** Desktop (spec 001 §2): category chips that filter one grid of actions. */
function ChipActions({ actions, open }: { actions: QuickAction[]; open: OpenDialog }) {
  const [category, setCategory] = useState<ActionCategory>('all');
  const shown = actions.filter((a) => category === 'all' || a.category === category);
  return (
    <>
      <Chip.Group multiple={false} value={category} onChange={(v) => setCategory(v as ActionCategory)}>
        <Group gap="xs" mb="md">
          {ACTION_CATEGORIES.map((c) => (
            <Chip key={c} value={c} size="xs" tt="capitalize">
              {c}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {shown.length === 0 ? (
        <Text c="dimmed" size="sm">
          No quick actions in this category yet.
        </Text>
      ) : (
        <ActionGrid actions={shown} open={open} />
      )}
    </>
  );
}

/**
 * Phone (spec 001 §2): the members, leadership and care groups, one titled group each, plus View All
 * Actions, which shows every other group below them (a phone has no room for the chip row and a grid).
 */
function GroupedActions({ actions, open }: { actions: QuickAction[]; open: OpenDialog }) {
  const [expanded, setExpanded] = useState(false);
  const inGroup = (c: string) => actions.filter((a) => a.category === c);
  // A group this person has no action in is left out rather than shown empty; someone with none of the
  // three (a treasurer) sees every group they have at once.
  const few = PHONE_GROUPS.filter((c) => inGroup(c).length > 0);
  const all = expanded || few.length === 0;
  const groups = (all ? ACTION_CATEGORIES.filter((c) => c !== 'all') : few)
    .map((c) => ({ category: c, actions: inGroup(c) }))
    .filter((g) => g.actions.length > 0);
  const more = few.length > 0 && actions.some((a) => !(PHONE_GROUPS as readonly string[]).includes(a.category));
  return (
    <Stack gap="md">
      {groups.map((g) => (
        <section key={g.category} aria-label={`${title(g.category)} actions`} data-testid="quick-action-group">
          <Text size="xs" fw={700} c="gray.7" tt="uppercase" mb={6}>
            {title(g.category)}
          </Text>
          <ActionGrid actions={g.actions} open={open} />
        </section>
      ))}
      {more && (
        <Button variant="light" onClick={() => setExpanded((v) => !v)} aria-expanded={all}>
          {all ? 'Show Fewer Actions' : 'View All Actions'}
        </Button>
      )}
    </Stack>
  );
}

export function QuickActions({ user, phone = false }: { user: Principal | null; phone?: boolean }) {
  // The open dialog lives above the two layouts: turning a tablet (or resizing a window) across the phone
  // width swaps the tiles, and must not close a message or an export half filled in.
  const [Dialog, setDialog] = useState<DialogComponent | null>(null);
  const open: OpenDialog = (dialog) => setDialog(() => dialog);
  const visible = QUICK_ACTIONS.filter((a) => !a.permission || can(user, a.permission));
  if (!visible.length) return null;
  return (
    <Card withBorder radius="lg" padding="md">
      <Text fw={700} mb="sm">
        Quick Actions
      </Text>
      {phone ? <GroupedActions actions={visible} open={open} /> : <ChipActions actions={visible} open={open} />}
      {Dialog && (
        <Suspense fallback={null}>
          <Dialog opened onClose={() => setDialog(null)} />
        </Suspense>
      )}
    </Card>
  );
}
