/**
 * One database round trip for many concurrent requests that each need a small read (the signed-in
 * person, their registrations): calls made during one turn of the event loop are gathered and `run`
 * once, in the loop's check phase (setImmediate), then each caller gets its own answer.
 *
 * Why: under load a round trip costs the server more than the rest of a signed-in read (socket
 * writes and the driver's protocol work, bench/reports/speed-notes.md); with 20 clients a turn
 * gathers several requests, so each pays for a fraction of one.
 *
 * Freshness is that of a query per call: the batch's query is sent after every call in it was made,
 * so it sees every change committed before any of them asked (a call never joins a query already
 * under way). A failed run fails every call of its batch.
 */
export function batched<Req, Res>(run: (requests: Req[]) => Promise<Res[]>, maxBatch = 256): (request: Req) => Promise<Res> {
  type Waiter = { request: Req; resolve: (r: Res) => void; reject: (e: unknown) => void };
  let open: Waiter[] | null = null;

  const flush = (batch: Waiter[]) => {
    if (open === batch) open = null;
    run(batch.map((w) => w.request)).then(
      (results) => batch.forEach((w, i) => w.resolve(results[i]!)),
      (err: unknown) => batch.forEach((w) => w.reject(err)),
    );
  };

  return (request) =>
    new Promise<Res>((resolve, reject) => {
      if (!open) {
        const batch: Waiter[] = (open = []);
        setImmediate(() => open === batch && flush(batch));
      }
      open.push({ request, resolve, reject });
      if (open.length >= maxBatch) flush(open);
    });
}
