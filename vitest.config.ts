import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // Solving real levels takes seconds on a loaded machine; speed goals live in `npm run bench`.
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // One test file per core (vitest's default leaves one core free: on the 2-core
    // machines that is one file at a time, while many files mostly wait on the
    // planlog processes and worker threads they start).
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
