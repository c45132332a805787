// Piscina worker module: registers tsx's loader in the worker, then hands
// piscina the TypeScript job runner as this module's default export.
import { register } from 'tsx/esm/api';

register();
const { runJob } = await import('./jobs.ts');
export default runJob;
