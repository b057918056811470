import fs from 'node:fs';
import { ConfigError, loadConfig } from './config';
import { DataDirInUseError } from './db/data-dir-lock';
import { startServer } from './start';
import { UpgradeError } from './modules/ops/upgrade';

// A .env file beside package.json is read when present (see .env.example).
if (fs.existsSync('.env')) process.loadEnvFile('.env');

async function main() {
  const started = performance.now();
  const config = loadConfig();
  const server = await startServer(config);
  server.app.log.info(
    {
      database: server.database.kind,
      readyMs: Math.round(performance.now() - started),
      rssMb: Math.round(process.memoryUsage().rss / 1e6),
    },
    `Church platform ready at ${server.url.replace('0.0.0.0', 'localhost')}`,
  );
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

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirInUseError || err instanceof UpgradeError) {
    console.error(err.message);
  } else {
    console.error('Failed to start:', err);
  }
  process.exit(1);
});
