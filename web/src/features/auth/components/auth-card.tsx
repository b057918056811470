import type { ReactNode } from 'react';
import { Anchor, Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { ChurchBrand } from '../../../components/brand/church-brand';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import classes from './auth-card.module.css';
import { LanguageSwitcher } from '../../../components/language-switcher';

/** The frame of the sign-in pages: a calm background, the church's own logo and name, and one card. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <Box component="main" className={classes.background}>
      <Center mih="100vh" p="md">
        <Stack w="100%" maw={440} gap="lg">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Anchor component={Link} to={paths.home} underline="never" c="white" style={{ minWidth: 0 }}>
              <ChurchBrand color="white" size="xl" logoSize={34} />
            </Anchor>
            <LanguageSwitcher tone="dark" />
          </Group>
          <Paper p={{ base: 'lg', sm: 'xl' }} radius="lg" shadow="xl">
            <Stack gap={4} mb="lg">
              <Title order={1} size="h2" ta="center">
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
