// Worker bootstrap: workers do not inherit tsx's loader, so register it here
// and then load the TypeScript entry named in workerData.entry.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
