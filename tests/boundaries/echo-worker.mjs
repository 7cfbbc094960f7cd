// A worker that sends back every message it gets: in Node a worker_threads worker, in Deno and
// Bun a web Worker (where worker_threads has no parent port).
import { parentPort } from 'node:worker_threads';

if (parentPort) parentPort.on('message', (message) => parentPort.postMessage(message));
else self.onmessage = (event) => self.postMessage(event.data);
