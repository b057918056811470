import { Loader, Text } from '@mantine/core';
import classes from './home.module.css';

/** Spec 000 §2: shown until the hero images are loaded and the home data has arrived. */
export function LoadingScreen() {
  return (
    <div className={classes.loading} role="status" aria-label="Loading" data-testid="home-loading">
      <img src="/favicon.svg" width={64} height={64} alt="" />
      <Loader color="gold.4" type="dots" />
      <Text size="sm" c="gray.3">
        Preparing a warm welcome…
      </Text>
    </div>
  );
}
