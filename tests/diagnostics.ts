/** Test helper: the located diagnostics a call throws. */
import { PlanlogError, type Diagnostic } from '../src/util/errors.ts';

/** The diagnostics `f` throws (fails when it throws nothing or something else). */
export function diagnostics(f: () => unknown): Diagnostic[] {
  try {
    f();
  } catch (e) {
    if (e instanceof PlanlogError) return e.diagnostics;
    throw e;
  }
  throw new Error('expected a PlanlogError');
}
