import { Group, Tabs, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';

/** Services, teams and the roster matrix: one area, three views. */
export function ServicesTabs({ title, actions }: { title: string; actions?: ReactNode }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const value = pathname.startsWith(paths.servicesTeams)
    ? paths.servicesTeams
    : pathname.startsWith(paths.servicesMatrix)
      ? paths.servicesMatrix
      : paths.services;
  return (
    <>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {title}
        </Title>
        {actions}
      </Group>
      <Tabs value={value} onChange={(v) => v && navigate(v)}>
        <Tabs.List>
          <Tabs.Tab value={paths.services}>Services</Tabs.Tab>
          <Tabs.Tab value={paths.servicesTeams}>Teams</Tabs.Tab>
          <Tabs.Tab value={paths.servicesMatrix}>Roster</Tabs.Tab>
        </Tabs.List>
      </Tabs>
    </>
  );
}
