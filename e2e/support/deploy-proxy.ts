import http from 'node:http';
import net from 'node:net';

/**
 * The app at an address of its own (a new origin: its own service worker and
 * storage), in front of the e2e server, where a test can deploy a new version
 * without the other tests seeing it. A deploy changes what /sw.js answers: the
 * same worker under a new build stamp, as web/scripts/build.mjs stamps each
 * build. Everything else (pages, assets, API, WebSocket upgrades) passes through.
 *
 * Why not page.route(): Chromium's own check for a new worker script is made by
 * the browser, not the page, and Playwright's routing never sees it.
 */
export interface DeployProxy {
  url: string;
  /** Serves the next build's worker from now on; resolves to the old and new build stamps. */
  deploy(): Promise<{ oldBuild: string; newBuild: string }>;
  close(): Promise<void>;
}

const STAMP = /const BUILD = '([^']+)'/;

export async function startDeployProxy(target: string): Promise<DeployProxy> {
  const upstream = new URL(target);
  let rewrite: ((body: string) => string) | undefined;

  const server = http.createServer((req, res) => {
    const isWorker = req.url === '/sw.js';
    const headers: http.OutgoingHttpHeaders = { ...req.headers, host: upstream.host };
    if (isWorker && rewrite) {
      // A changed worker must not be answered "304 not modified" from the old one's validators, nor compressed.
      delete headers['if-none-match'];
      delete headers['if-modified-since'];
      delete headers['accept-encoding'];
    }
    const forward = http.request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers }, (up) => {
      if (!(isWorker && rewrite && up.statusCode === 200)) {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      up.on('data', (c: Buffer) => chunks.push(c));
      up.on('end', () => {
        const body = rewrite!(Buffer.concat(chunks).toString('utf8'));
        const out = { ...up.headers, 'content-length': String(Buffer.byteLength(body)) };
        delete out.etag;
        delete out['last-modified'];
        res.writeHead(200, out);
        res.end(body);
      });
    });
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  // The member pages' live updates (WebSocket): a raw tunnel to the server.
  server.on('upgrade', (req, socket, head) => {
    const up = net.connect(Number(upstream.port), upstream.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      up.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) up.write(head);
      up.pipe(socket);
      socket.pipe(up);
    });
    up.on('error', () => socket.destroy());
    socket.on('error', () => up.destroy());
  });
  // Any free port on loopback: no clash with other runs on the machine.
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    async deploy() {
      const current = await (await fetch(`${target}/sw.js`)).text();
      const oldBuild = STAMP.exec(current)?.[1];
      if (!oldBuild) throw new Error('the served /sw.js carries no build stamp');
      const newBuild = `${oldBuild}-next`;
      rewrite = (body) => body.replace(`const BUILD = '${oldBuild}'`, `const BUILD = '${newBuild}'`);
      return { oldBuild, newBuild };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
