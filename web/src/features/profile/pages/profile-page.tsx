import { Alert, Avatar, Button, Card, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../../lib/session';
import { profileQuery } from '../api/profile';
import { ProfileForm } from '../components/profile-form';
import { ProfileView } from '../components/profile-view';
import { PreferencesCard } from '../components/preferences-card';
import { MyDataCard } from '../components/my-data-card';
import { SessionsCard } from '../components/sessions-card';
import { ChangePasswordCard } from '../components/change-password-card';
import { TwoFactorCard } from '../components/two-factor-card';
import { twoFactorQuery } from '../api/two-factor';

/** Spec 000 §2 /mobile/profile: view mode, and Edit Profile switches to the form. */
export function ProfilePage() {
  const session = useSession();
  const query = useQuery(profileQuery());
  const twoFactor = useQuery(twoFactorQuery());
  const [editing, setEditing] = useState(false);
  const user = query.data;
  const initials = (user?.name ?? '?')
    .split(/\s+/)
    .map((p) => p[0])
    .slice(0, 2)
    .join('')
    .toUpperCase();

  return (
    <Stack gap="md">
      <Card radius="lg" padding="lg" bg="navy.8">
        <Group wrap="nowrap">
          <Avatar color="gold" radius="xl" size={56} variant="filled">
            {initials}
          </Avatar>
          <div style={{ minWidth: 0, flex: 1 }}>
            <Title order={1} size="h3" c="white">
              My Profile
            </Title>
            <Text c="gray.3" size="sm" truncate>
              {user?.email ?? session.user?.email}
            </Text>
          </div>
          {user && !editing && (
            <Button variant="white" color="navy" size="xs" leftSection={<IconEdit size={14} />} onClick={() => setEditing(true)}>
              Edit Profile
            </Button>
          )}
        </Group>
      </Card>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          {query.isPending ? (
            <Card withBorder radius="lg" padding="lg">
              <Skeleton height={14} mb={12} />
              <Skeleton height={14} mb={12} width="70%" />
              <Skeleton height={14} width="50%" />
            </Card>
          ) : query.isError ? (
            <Alert color="red" title="Failed to get profile">
              <Button size="xs" color="red" variant="light" onClick={() => query.refetch()}>
                Retry
              </Button>
            </Alert>
          ) : editing ? (
            <ProfileForm
              user={query.data}
              onDone={(updated) => {
                setEditing(false);
                // The header shows the name and e-mail from the session: re-read it.
                if (updated) void session.refresh();
              }}
            />
          ) : (
            <ProfileView user={query.data} />
          )}
        </Grid.Col>
        {/* Preferences and the member's own data beside the profile where there is room. */}
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <TwoFactorCard />
            {/* Until a required second factor is set up the server answers nothing else (issue 29): no cards that would only fail. */}
            {twoFactor.data && !(twoFactor.data.required && !twoFactor.data.enabled) && (
              <>
                <PreferencesCard />
                <SessionsCard />
                <ChangePasswordCard />
                <MyDataCard />
              </>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
