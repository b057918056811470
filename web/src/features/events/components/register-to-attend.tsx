import { Button, Stack } from '@mantine/core';
import { IconCheck, IconHourglass } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { ChurchEvent } from '@church/contract/events';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import type { ReturnTo } from '../../../lib/return-to';
import { useSession } from '../../../lib/session';
import { useCancelRegistration, useRegisterForEvent } from '../api/events';
import { PLACE_LABELS, placeState } from './place-state';

/** Spec 000 §8 texts; a refusal the member can act on (full, already past) says so instead. */
const failure = (err: unknown, fallback: string) =>
  err instanceof ApiError && err.status < 500 && err.status !== 401 ? err.message : fallback;

/** Registers the signed-in member (toast and the Registered state), or says why not. */
export function useRegisterToAttend() {
  const register = useRegisterForEvent();
  return {
    pending: register.isPending,
    run: async (id: string, guests = 0) => {
      try {
        const r = await register.mutateAsync({ id, guests });
        // Registered, or (full) on the waiting list with its number: the server's words.
        notify.success(r.message);
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
  const state = placeState(event);
  const stopped = state === 'cancelled' || state === 'closed';

  if (!user) {
    const returnTo: ReturnTo = { from: paths.upcomingEvent(event.id), then: { register: true } };
    return (
      <Button fullWidth={fullWidth} disabled={stopped} onClick={() => navigate(paths.register, { state: returnTo })}>
        {state === 'open' ? 'Register to Attend' : PLACE_LABELS[state as Exclude<typeof state, 'open'>]}
      </Button>
    );
  }
  if (state === 'registered' || state === 'waitlisted') {
    const waiting = state === 'waitlisted';
    return (
      <Stack gap={4}>
        <Button
          fullWidth={fullWidth}
          color={waiting ? 'yellow' : 'green'}
          variant="light"
          leftSection={waiting ? <IconHourglass size={16} /> : <IconCheck size={16} />}
          disabled
        >
          {PLACE_LABELS[state]}
        </Button>
        {!event.cancelled && (
          <Button
            fullWidth={fullWidth}
            color="red"
            variant="subtle"
            loading={cancel.isPending}
            aria-label={waiting ? `Leave the waiting list for ${event.title}` : `Cancel registration for ${event.title}`}
            onClick={() =>
              cancel.mutate(event.id, {
                onSuccess: (r) => notify.success(r.message),
                onError: (err) => notify.error(failure(err, 'Failed to cancel registration')),
              })
            }
          >
            {waiting ? 'Leave waiting list' : 'Cancel registration'}
          </Button>
        )}
      </Stack>
    );
  }
  return (
    <Button fullWidth={fullWidth} disabled={stopped} loading={register.pending} onClick={() => register.run(event.id)}>
      {state === 'open' ? 'Register to Attend' : PLACE_LABELS[state]}
    </Button>
  );
}
