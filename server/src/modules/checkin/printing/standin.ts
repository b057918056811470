import net from 'node:net';

export interface ReceivedLabel {
  /** The ^XA…^XZ block as it arrived. */
  zpl: string;
  /** Its ^FD field texts, hex escapes (^FH) decoded: what the label shows. */
  fields: string[];
  at: Date;
}

/** Decodes a ^FH_ field's _XX escapes back to text. */
const unhex = (s: string) =>
  Buffer.from(
    s.replace(/_([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');

/** Splits a ZPL stream into labels and reads their fields. */
export function parseZpl(stream: string): ReceivedLabel[] {
  const out: ReceivedLabel[] = [];
  // ^XA … ^XZ blocks found with indexOf (a lazy pattern is quadratic on a stream of ^XA without ^XZ).
  for (let start = stream.indexOf('^XA'); start !== -1; ) {
    const end = stream.indexOf('^XZ', start + 3);
    if (end === -1) break;
    const zpl = stream.slice(start, end + 3);
    start = stream.indexOf('^XA', end + 3);
    const fields = [...zpl.matchAll(/\^FD([^^]*)\^FS/g)].map((f) => unhex(f[1]!));
    out.push({ zpl, fields, at: new Date() });
  }
  return out;
}

/**
 * A local stand-in for a Zebra label printer on the network: it listens like one (raw TCP, normally port
 * 9100), takes ZPL jobs, keeps the labels it "printed" for tests to read, and answers the host status
 * query ~HS as a printer does. `off()` stops listening (a printer switched off); `on()` listens again on
 * the same port.
 */
export async function startPrinterStandin(opts: { port?: number; host?: string } = {}) {
  const labels: ReceivedLabel[] = [];
  const waiters: (() => void)[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    let buffer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      if (buffer.length > 2_000_000) return socket.destroy(); // bounded: a stand-in, not a sink
      if (buffer.includes('~HS')) {
        // Three status strings, as a ready Zebra answers: paper in, not paused, nothing in the buffer.
        socket.write('\x02030,0,0,0812,000,0,0,0,000,0,0,0\x03\r\n\x02000,0,0,0,0,2,4,0,00000000,1,000\x03\r\n\x021234,0\x03\r\n');
        buffer = buffer.replace('~HS', '');
      }
    });
    socket.on('end', () => {
      labels.push(...parseZpl(buffer));
      for (const w of waiters.splice(0)) w();
      socket.end();
    });
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  });
  const host = opts.host ?? '127.0.0.1';
  let port = opts.port ?? 0;
  const listen = () => new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, host, () => resolve()));
  await listen();
  port = (server.address() as net.AddressInfo).port;
  return {
    host,
    get port() {
      return port;
    },
    labels,
    /** Resolves when at least `n` labels have arrived (bounded by `timeoutMs`). */
    async waitFor(n: number, timeoutMs = 5_000) {
      const until = Date.now() + timeoutMs;
      while (labels.length < n) {
        if (Date.now() > until) throw new Error(`the printer stand-in got ${labels.length} labels, not ${n}`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 100).unref();
        });
      }
      return labels;
    },
    async off() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
    on: listen,
    close: async () => {
      for (const s of sockets) s.destroy();
      if (server.listening) await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
export type PrinterStandin = Awaited<ReturnType<typeof startPrinterStandin>>;
