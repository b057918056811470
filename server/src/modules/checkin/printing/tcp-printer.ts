import net from 'node:net';
import { PrinterUnavailable, type LabelPrinter, type PrinterAddress } from './label-printer';

/**
 * Raw printing to port 9100 (JetDirect / Zebra "raw TCP"): connect, write the ZPL, close. The printer
 * answers nothing to a print job, so "taken" means the bytes were written and the socket closed cleanly
 * within the time allowed. An iPad kiosk needs no driver: the server sends the job.
 */
export function createTcpPrinter(opts: { timeoutMs?: number } = {}): LabelPrinter {
  const timeoutMs = opts.timeoutMs ?? 3_000;
  return {
    send: (to: PrinterAddress, zpl: string) =>
      new Promise<void>((resolve, reject) => {
        const socket = net.connect({ host: to.host, port: to.port });
        let settled = false;
        const fail = (reason: string, cause?: unknown) => {
          if (settled) return;
          settled = true;
          socket.destroy();
          reject(new PrinterUnavailable(reason, { cause }));
        };
        socket.setTimeout(timeoutMs, () => fail('timed out'));
        socket.once('error', (err: NodeJS.ErrnoException) =>
          fail(err.code === 'ECONNREFUSED' ? 'refused the connection' : (err.code ?? err.message), err),
        );
        socket.once('connect', () => {
          socket.end(zpl, 'utf8', () => {
            if (settled) return;
            settled = true;
            resolve();
          });
        });
      }),
  };
}
