// Piscina worker module of the web server: registers tsx's loader in the
// worker, then hands piscina the TypeScript request runner.
import { register } from 'tsx/esm/api';

register();
const { runWebTask } = await import('./task.ts');
export default runWebTask;
