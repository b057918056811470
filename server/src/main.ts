import fs from 'node:fs';
import { ConfigError, loadConfig } from './config';
import { DataDirInUseError } from './db/data-dir-lock';
import { openEarly } from './early-open';
import { startupLog as log } from './lib/startup-log';
import { keepFilesPrivate } from './lib/private-files';

// A .env file beside package.json is read when present (see .env.example).
if (fs.existsSync('.env')) process.loadEnvFile('.env');

/** Set once the app's code is loaded: an upgrade's refusal is said plainly, like a configuration error. */
let isUpgradeError = (_err: unknown) => false;

async function main() {
  const config = loadConfig();
  keepFilesPrivate(config.dataDir, [config.uploadDir, config.backupDir]);
  // The embedded database starts opening now, while the app's code loads (early-open.ts).
  const early = openEarly(config, log);
  await early?.started;
  const { startServer, UpgradeError } = await import('./start');
  isUpgradeError = (err) => err instanceof UpgradeError;
  const server = await startServer(config, early);
  server.app.log.info(
    {
      database: server.database.kind,
      // Since the process started (performance's time origin), module loading included.
      readyMs: Math.round(performance.now()),
      rssMb: Math.round(process.memoryUsage().rss / 1e6),
    },
    `Church platform ready at ${server.url.replace('0.0.0.0', 'localhost')}`,
  );
  // The job workers start a moment after listening (start.ts): a server whose jobs cannot run stops, as a start would.
  server.jobsStarted.catch(async (err: unknown) => {
    console.error('Failed to start the job workers:', err);
    await server.stop().catch(() => {});
    process.exit(1);
  });
  let shuttingDown = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (shuttingDown) process.exit(1);
      shuttingDown = true;
      // Draining: no new connections, requests in flight answered, chat sockets closed with 1001
      // (the web client reconnects on it, to another instance behind a proxy). A stuck request
      // must not keep the process from exiting: after the timeout we go anyway.
      server.app.log.info(`${signal}: shutting down (finishing requests in flight, at most ${config.shutdownTimeoutMs / 1000} s)`);
      setTimeout(() => {
        server.app.log.error('Shutdown timed out; exiting with requests still open');
        process.exit(1);
      }, config.shutdownTimeoutMs).unref();
      server.stop().then(
        () => process.exit(0),
        (err) => {
          console.error(err);
          process.exit(1);
        },
      );
    });
  }
}

/** Settles once the server is ready (or failed to start): the compiled entry then saves V8's code cache (boot/main.ts). */
export const ready = main();
ready.catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirInUseError || isUpgradeError(err)) {
    console.error(err.message);
  } else {
    console.error('Failed to start:', err);
  }
  process.exit(1);
});
