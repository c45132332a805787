// Piscina worker module of the web server: registers tsx's loader in the
// worker, then hands piscina the TypeScript handlers (worker.ts): the
// default export runs solve, compare, validate and explain; `scan` reads
// the levels of an uploaded file; `author` runs /api/lint and /api/pddl; `ready` answers once the module is loaded;
// `heap` measures the worker's heap (load bench).
import { register } from 'tsx/esm/api';

register();
const { task, scan, author, ready, heap } = await import('./worker.ts');
export default task;
export { scan, author, ready, heap };
