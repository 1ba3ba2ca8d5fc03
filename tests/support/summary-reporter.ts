import type { Reporter, TestModule } from "vitest/node";

/**
 * Ends the run with the expect calls made per project, then one plain line, "N passed, N failed",
 * that any CI can read.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    const assertions = new Map<string, number>();
    for (const testModule of testModules) {
      const project = testModule.project.name;
      for (const test of testModule.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") counts.passed++;
        else if (state === "failed") counts.failed++;
        else counts.skipped++;
        assertions.set(project, (assertions.get(project) ?? 0) + (test.meta().assertions ?? 0));
      }
    }
    const perProject = [...assertions].sort(([a], [b]) => a.localeCompare(b)).map(([project, n]) => `${project} ${n}`);
    process.stdout.write(`\nexpect calls: ${perProject.join(", ")}\n`);
    const skipped = counts.skipped ? `, ${counts.skipped} skipped` : "";
    process.stdout.write(`\n${counts.passed} passed, ${counts.failed} failed${skipped}\n`);
  }
}
