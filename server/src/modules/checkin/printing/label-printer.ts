/**
 * A network label printer, like the payment provider: the interface here, the real one in tcp-printer.ts
 * (Zebra ZPL over a raw TCP socket, port 9100), a local stand-in that speaks it in standin.ts.
 */
export interface PrinterAddress {
  host: string;
  port: number;
}

export interface LabelPrinter {
  /** Sends the ZPL; resolves once the printer has taken every byte, rejects with PrinterUnavailable otherwise. */
  send(to: PrinterAddress, zpl: string): Promise<void>;
}

/** The printer did not take the job (off, unplugged, wrong address, out of time). */
export class PrinterUnavailable extends Error {
  constructor(
    public readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(reason, options);
  }
}
