import type { ReactNode } from 'react';
import { Anchor, Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBuildingChurch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import classes from './auth-card.module.css';

/** The frame of the sign-in pages: a calm background, the church mark and one card. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <Box className={classes.background}>
      <Center mih="100vh" p="md">
        <Stack w="100%" maw={440} gap="lg">
          <Anchor component={Link} to={paths.home} underline="never" c="white">
            <Group justify="center" gap={8}>
              <IconBuildingChurch size={32} color="var(--mantine-color-gold-4)" />
              <Text fw={700} fz="xl" ff="heading">
                Church Community
              </Text>
            </Group>
          </Anchor>
          <Paper p={{ base: 'lg', sm: 'xl' }} radius="lg" shadow="xl">
            <Stack gap={4} mb="lg">
              <Title order={2} ta="center">
                {title}
              </Title>
              {subtitle && (
                <Text c="dimmed" ta="center" size="sm">
                  {subtitle}
                </Text>
              )}
            </Stack>
            {children}
          </Paper>
        </Stack>
      </Center>
    </Box>
  );
}
