// A Vitest reporter beside the default one: names every test that failed and then passed on its
// retry (CI retries the runner's browser tests once; see vitest.runner.config.ts), so a flaky test
// is visible in the output and in `npm test`'s summary instead of passing silently.
import type { Reporter, TestCase } from 'vitest/node';

export default class FlakyReporter implements Reporter {
  private flaky: string[] = [];

  onTestCaseResult(test: TestCase) {
    const diagnostic = test.diagnostic();
    if (diagnostic?.flaky) this.flaky.push(`${test.module.moduleId.replace(process.cwd() + '/', '')} > ${test.fullName} (retries: ${diagnostic.retryCount})`);
  }

  onTestRunEnd() {
    if (!this.flaky.length) return;
    console.log(`\n${this.flaky.length} test(s) failed first and passed on the retry:`);
    for (const name of this.flaky) console.log(`FLAKY ${name}`);
  }
}
