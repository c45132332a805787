import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // Solving real levels takes seconds on a loaded machine; speed goals live in `npm run bench`.
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
