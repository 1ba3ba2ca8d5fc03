import { afterEach, expect } from "vitest";

declare module "@vitest/runner" {
  interface TaskMeta {
    /** How many expect calls the test made (summary-reporter.ts adds them up per project). */
    assertions?: number;
  }
}

// Counted per test so that moving a check to a cheaper level can be shown to keep it.
afterEach((context) => {
  context.task.meta.assertions = expect.getState().assertionCalls;
});
