import { Center, Loader } from '@mantine/core';

export function FullPageLoader({ label = 'Loading…' }: { label?: string }) {
  return (
    <Center h="100vh" aria-busy="true" aria-label={label}>
      <Loader />
    </Center>
  );
}
