import classes from './home.module.css';

/**
 * Spec 000 §2: shown until the hero images are loaded and the home data has
 * arrived. Plain markup and CSS (no Mantine components): the server also
 * writes it into the page on its own, outside the app (entry-server.tsx).
 */
export function LoadingScreen() {
  return (
    <div className={classes.loading} role="status" aria-label="Loading" data-testid="home-loading">
      <img src="/favicon.svg" width={64} height={64} alt="" />
      <span className={classes.loadingDots} aria-hidden="true">
        <span />
        <span />
        <span />
      </span>
      <p className={classes.loadingText}>Preparing a warm welcome…</p>
    </div>
  );
}
