// Piscina worker module of `planlog worker` when planlog runs from its
// TypeScript sources: registers tsx's loader in the worker, then hands
// piscina the worker module (pool-worker.ts). The compiled planner (dist/)
// loads pool-worker.js directly.
import { register } from 'tsx/esm/api';

register();
const { default: run } = await import('./pool-worker.ts');
export default run;
