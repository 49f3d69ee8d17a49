// Prints one closing line per run, "<label>: N passed, N failed, N skipped", so a CI log says at a
// glance how many tests ran, beside Vitest's own summary.
import type { Reporter, TestModule } from 'vitest/node';

export default class SummaryReporter implements Reporter {
  constructor(private readonly label = 'tests') {}

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const testModule of testModules) {
      for (const test of testModule.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed += 1;
        else if (state === 'failed') counts.failed += 1;
        else counts.skipped += 1;
      }
    }
    console.log(`${this.label}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  }
}
