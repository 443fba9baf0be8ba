// Prints the ten slowest journeys with their share of the test timeout, the ones that passed only
// on a retry, and a closing "N passed, N failed" line, so a journey creeping towards its timeout is
// seen before it fails on a busy machine.
import type { FullConfig, Reporter, Suite, TestCase, TestResult } from "@playwright/test/reporter";

type Timing = { title: string; ms: number; timeout: number };

export default class TimingReporter implements Reporter {
  private suite: Suite | undefined;
  private timings: Timing[] = [];

  onBegin(config: FullConfig, suite: Suite) {
    this.suite = suite;
    console.log(`e2e: ${suite.allTests().length} journeys on ${config.workers} worker(s)`);
  }

  onTestEnd(test: TestCase, result: TestResult) {
    const title = test.titlePath().filter(Boolean).slice(1).join(" › ");
    this.timings.push({ title, ms: result.duration, timeout: test.timeout });
  }

  onEnd() {
    const slowest = [...this.timings].sort((a, b) => b.ms - a.ms).slice(0, 10);
    console.log("\nSlowest journeys (time, share of the timeout):");
    for (const t of slowest) {
      const share = Math.round((t.ms / t.timeout) * 100);
      console.log(`  ${(t.ms / 1000).toFixed(1).padStart(5)} s ${String(share).padStart(4)}%  ${t.title}`);
    }
    const tests = this.suite?.allTests() ?? [];
    const count = (outcomes: string[]) => tests.filter((t) => outcomes.includes(t.outcome())).length;
    const flaky = tests.filter((t) => t.outcome() === "flaky");
    if (flaky.length > 0) {
      console.log(`Passed only on a retry: ${flaky.map((t) => t.title).join("; ")}`);
    }
    console.log(
      `\ne2e: ${count(["expected", "flaky"])} passed, ${count(["unexpected"])} failed, ${count(["skipped"])} skipped`,
    );
  }
}
