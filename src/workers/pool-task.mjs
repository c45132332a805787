// Piscina worker module: registers tsx's loader in the worker, then hands
// piscina the TypeScript job runner as this module's default export; what
// the worker prints goes to the pool's output channel (pool.ts), not stdout.
import { register } from 'tsx/esm/api';

register();
const { captureWorkerOutput } = await import('./output.ts');
captureWorkerOutput();
const { runJob } = await import('./jobs.ts');
export default runJob;
