import { Alert, Anchor, Button, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { can } from '@church/contract/roles';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { printersQuery, useCreateKiosk } from '../api';
import { setKioskKey } from '../kiosk-client';

/** A device becomes a kiosk once: a check-in manager names it here, and the device keeps the key. */
export function KioskSetup({ onReady }: { onReady: () => void }) {
  const { user } = useSession();
  const manager = can(user, 'checkin:manage');
  const printers = useQuery({ ...printersQuery(), enabled: manager });
  const create = useCreateKiosk();
  const [name, setName] = useState('');
  const [printerId, setPrinterId] = useState<string | null>(null);
  return (
    <Stack maw={480} w="100%" p="md">
      <Title order={1} size="h2">
        Set up this device as a kiosk
      </Title>
      {!manager ? (
        <Alert color="blue">
          <Text>This device is not set up as a check-in kiosk. A check-in manager signs in once to set it up.</Text>
          <Anchor component={Link} to={paths.login} state={{ from: paths.kiosk }}>
            Sign in
          </Anchor>
        </Alert>
      ) : (
        <>
          <TextInput
            label="Kiosk name"
            placeholder="Foyer tablet"
            value={name}
            maxLength={80}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <Select
            label="Label printer"
            placeholder="None: print from the browser"
            clearable
            data={(printers.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
            value={printerId}
            onChange={setPrinterId}
          />
          <Button
            disabled={!name.trim()}
            loading={create.isPending}
            onClick={async () => {
              try {
                const { key } = await create.mutateAsync({ name: name.trim(), printerId });
                setKioskKey(key);
                notify.success('This device is now a kiosk');
                onReady();
              } catch (err) {
                notify.error(err instanceof ApiError && err.status < 500 ? err.message : 'Could not set up the kiosk');
              }
            }}
          >
            Make this device a kiosk
          </Button>
        </>
      )}
    </Stack>
  );
}
