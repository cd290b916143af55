// Lists the ten slowest test files after Vitest's own summary, so a file growing towards the run's
// budget is seen on a green run (the default reporter only prints the total).
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const files = testModules
      .map((m) => ({ file: path.relative(process.cwd(), m.moduleId), ms: m.diagnostic().duration + m.diagnostic().collectDuration }))
      .sort((a, b) => b.ms - a.ms);
    if (files.length < 2) return;
    const lines = files.slice(0, 10).map((f) => `  ${`${(f.ms / 1000).toFixed(1)} s`.padStart(8)}  ${f.file}`);
    console.log(`\nSlowest test files (tests and import, of ${files.length}):\n${lines.join('\n')}\n`);
  }
}
