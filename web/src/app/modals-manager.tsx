import { useEffect } from 'react';
import { ModalsProvider } from '@mantine/modals';
import { modalsHostReady } from '../lib/modals';

/** Effects run in tree order: by the time Ready's runs, the provider listens for the dialogs' window events. */
function Ready() {
  useEffect(() => modalsHostReady(), []);
  return null;
}

export default function ModalsManager() {
  return (
    <>
      <ModalsProvider />
      <Ready />
    </>
  );
}
