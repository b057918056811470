import { useState } from 'react';
import { Anchor, Button, Container, Group, Paper, Stack, Stepper, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { setupStatusResponse } from '@church/contract/setup';
import { DEFAULT_SERVICES, type Service } from '@church/contract/site-content';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { paths } from '../../../config/paths';
import { ServicesEditor } from '../editor/services-editor';
import { ChurchStep, AdministratorStep, type AdminDetails, type ChurchDetails } from './setup-steps';
import { CardGivingStep, EmailStep, LogoStep } from './setup-extras';

const statusQuery = { queryKey: ['setup'] as const, queryFn: () => api('/setup', { schema: setupStatusResponse }).then((r) => r.data) };

/**
 * /setup (issue 30): from an empty install to a presentable site — the
 * church's name and time zone, its services, the first administrator (then
 * signed in), and optionally its logo, card giving and e-mail. Everything
 * after the administrator is the ordinary settings, so it can be done later too.
 */
export function SetupPage() {
  const status = useQuery(statusQuery);
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [step, setStep] = useState(0);
  const [church, setChurch] = useState<ChurchDetails>({ code: '', churchName: '', timeZone: 'Africa/Johannesburg', founded: null });
  const [services, setServices] = useState<Service[]>(DEFAULT_SERVICES);
  const [admin, setAdmin] = useState<AdminDetails>({ name: '', email: '', password: '', confirm: '' });
  const finished = step >= 3;

  if (status.data && !status.data.needed && !finished)
    return (
      <Container size="sm" py={64}>
        <Title order={1}>Set up your church</Title>
        <Text mt="md">This church is already set up.</Text>
        <Group mt="lg">
          <Button component={Link} to={user ? paths.settings : paths.login}>
            {user ? 'Open Church Settings' : 'Sign in'}
          </Button>
          <Anchor component={Link} to={paths.home}>
            Go to the website
          </Anchor>
        </Group>
      </Container>
    );

  return (
    <Container size="lg" py="xl">
      <Stack>
        <Title order={1}>Set up your church</Title>
        <Text c="dimmed">A few minutes now, and your church has its own website and member portal. Everything can be changed later.</Text>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          <Stepper active={step} size="sm" orientation="horizontal" allowNextStepsSelect={false} wrap>
            <Stepper.Step label="Church">
              <ChurchStep value={church} onChange={setChurch} onNext={() => setStep(1)} />
            </Stepper.Step>
            <Stepper.Step label="Services">
              <Stack mt="md">
                <Text>When does the church meet? Add every service: any day, any language.</Text>
                <ServicesEditor services={services} errors={{}} onChange={setServices} />
                <Group justify="space-between">
                  <Button variant="default" onClick={() => setStep(0)}>
                    Back
                  </Button>
                  <Button onClick={() => setStep(2)}>Continue</Button>
                </Group>
              </Stack>
            </Stepper.Step>
            <Stepper.Step label="Administrator">
              <AdministratorStep
                church={church}
                services={services}
                admin={admin}
                setAdmin={setAdmin}
                onBack={() => setStep(1)}
                onDone={async () => {
                  await queryClient.invalidateQueries({ queryKey: ['settings'] });
                  await queryClient.invalidateQueries({ queryKey: ['setup'] });
                  setStep(3);
                }}
              />
            </Stepper.Step>
            <Stepper.Step label="Logo">
              <LogoStep onNext={() => setStep(4)} />
            </Stepper.Step>
            <Stepper.Step label="Card giving">
              <CardGivingStep onNext={() => setStep(5)} />
            </Stepper.Step>
            <Stepper.Step label="E-mail">
              <EmailStep onNext={() => setStep(6)} />
            </Stepper.Step>
            <Stepper.Completed>
              <Stack mt="md" data-testid="setup-done">
                <Title order={2}>Your church is set up</Title>
                <Text>
                  Your website shows your name and services now. Add your story, hero pictures, founders and ministries in Church Settings:
                  parts without content stay hidden from visitors until you fill them.
                </Text>
                <Group>
                  <Button component={Link} to={`${paths.settings}?tab=home`}>
                    Add your content
                  </Button>
                  <Button variant="default" component={Link} to={paths.home}>
                    View your website
                  </Button>
                </Group>
              </Stack>
            </Stepper.Completed>
          </Stepper>
        </Paper>
      </Stack>
    </Container>
  );
}
