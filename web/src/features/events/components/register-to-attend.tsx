import { Button, Stack } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { ChurchEvent } from '@church/contract/events';
import { REGISTRATION_CANCELLED_MESSAGE } from '@church/contract/event-registrations';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import type { ReturnTo } from '../../../lib/return-to';
import { useSession } from '../../../lib/session';
import { useCancelRegistration, useRegisterForEvent } from '../api/events';

/** Spec 000 §8 texts; a refusal the member can act on (full, already past) says so instead. */
const failure = (err: unknown, fallback: string) =>
  err instanceof ApiError && err.status < 500 && err.status !== 401 ? err.message : fallback;

/** Registers the signed-in member (toast and the Registered state), or says why not. */
export function useRegisterToAttend() {
  const register = useRegisterForEvent();
  return {
    pending: register.isPending,
    run: async (id: string) => {
      try {
        await register.mutateAsync(id);
        notify.success('Successfully registered for event!');
      } catch (err) {
        notify.error(failure(err, 'Failed to register for event'));
      }
    },
  };
}

/**
 * 'Register to Attend' on the public event pages: a signed-in member is
 * registered at once (then sees Registered and Cancel registration); a visitor
 * goes to /register and comes back to this event, registered, after signing up.
 */
export function RegisterToAttend({ event, fullWidth = false }: { event: ChurchEvent; fullWidth?: boolean }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const register = useRegisterToAttend();
  const cancel = useCancelRegistration();
  const full = event.maxAttendees != null && event.attendeesCount >= event.maxAttendees && !event.registered;

  if (!user) {
    const returnTo: ReturnTo = { from: paths.upcomingEvent(event.id), then: { register: true } };
    return (
      <Button fullWidth={fullWidth} disabled={full} onClick={() => navigate(paths.register, { state: returnTo })}>
        {full ? 'Full' : 'Register to Attend'}
      </Button>
    );
  }
  if (event.registered) {
    return (
      <Stack gap={4}>
        <Button fullWidth={fullWidth} color="green" variant="light" leftSection={<IconCheck size={16} />} disabled>
          Registered
        </Button>
        <Button
          fullWidth={fullWidth}
          color="red"
          variant="subtle"
          loading={cancel.isPending}
          aria-label={`Cancel registration for ${event.title}`}
          onClick={() =>
            cancel.mutate(event.id, {
              onSuccess: () => notify.success(REGISTRATION_CANCELLED_MESSAGE),
              onError: (err) => notify.error(failure(err, 'Failed to cancel registration')),
            })
          }
        >
          Cancel registration
        </Button>
      </Stack>
    );
  }
  return (
    <Button fullWidth={fullWidth} disabled={full} loading={register.pending} onClick={() => register.run(event.id)}>
      {full ? 'Full' : 'Register to Attend'}
    </Button>
  );
}
