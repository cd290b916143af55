// Prints the ten slowest journeys at the end of a run, each against its own timeout, so a test that
// creeps towards its budget shows up on a green run instead of failing on the first slow day.
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import path from 'node:path';

interface Attempt {
  title: string;
  duration: number;
  timeout: number;
  retry: number;
  status: TestResult['status'];
}

/** Above this share of its timeout a passing test is flagged: one slower day away from failing. */
const WARN_SHARE = 0.5;

export default class SlowestReporter implements Reporter {
  private readonly attempts: Attempt[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'skipped') return;
    const file = path.relative(process.cwd(), test.location.file);
    this.attempts.push({
      title: `${file}:${test.location.line} › ${test.titlePath().slice(3).join(' › ')}`,
      duration: result.duration,
      timeout: test.timeout,
      retry: result.retry,
      status: result.status,
    });
  }

  onEnd(result: FullResult): void {
    if (this.attempts.length === 0) return;
    const slowest = [...this.attempts].sort((a, b) => b.duration - a.duration).slice(0, 10);
    const lines = slowest.map((a) => {
      const share = a.timeout > 0 ? a.duration / a.timeout : 0;
      const flag = a.status !== 'passed' ? `  ${a.status}` : share > WARN_SHARE ? '  near its timeout' : '';
      const retry = a.retry > 0 ? ` (retry ${a.retry})` : '';
      return `  ${seconds(a.duration).padStart(7)} of ${seconds(a.timeout).padStart(5)}  ${a.title}${retry}${flag}`;
    });
    const total = this.attempts.reduce((sum, a) => sum + a.duration, 0);
    console.log(
      `\nSlowest tests (of ${this.attempts.length} runs, ${seconds(total)} of test time, ${seconds(result.duration)} wall):\n${lines.join('\n')}\n`,
    );
  }

  printsToStdio(): boolean {
    return true;
  }
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
