import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import classes from './home.module.css';

/** Spec 000 §2 call to action: 'Welcome Back!' when signed in, 'Ready to Join Our Family?' otherwise. */
export function CtaBanner({ isAuthenticated }: { isAuthenticated: boolean }) {
  return (
    <section className={classes.cta} aria-label="Get involved" data-testid="cta-banner">
      <Container size="md">
        <Stack align="center" gap="md" ta="center">
          {isAuthenticated ? (
            <>
              <Title order={2} c="white">
                Welcome Back!
              </Title>
              <Text c="gray.2">Pick up where you left off: prayer, giving, events and chat are a tap away.</Text>
              <Group justify="center">
                <Button size="md" color="gold.6" c="navy.9" component={Link} to={paths.dashboard}>
                  Go to Dashboard
                </Button>
                <Button size="md" variant="white" component={Link} to={paths.mobile.dashboard}>
                  Mobile Portal
                </Button>
              </Group>
            </>
          ) : (
            <>
              <Title order={2} c="white">
                Ready to Join Our Family?
              </Title>
              <Text c="gray.2">Create your member account to give online, share prayer requests and register for events.</Text>
              <Group justify="center">
                <Button size="md" color="gold.6" c="navy.9" component={Link} to={paths.register}>
                  Become a Member
                </Button>
                <Button size="md" variant="white" component={Link} to={paths.login}>
                  Member Login
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </Container>
    </section>
  );
}
