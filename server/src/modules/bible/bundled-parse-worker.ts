import { parentPort, workerData } from 'node:worker_threads';
import { parseBundledBible } from './bundled-file';

// A worker thread of the compiled server (bundled.ts: parseBundledBibleAhead): parses the shipped Bible
// while the thread that started it creates or migrates the database, and posts the books back.
parentPort!.postMessage(parseBundledBible(workerData as string));
