import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints, after a run, each project's test count and time: from its first file's start to its last
 * file's end (projects overlap, so the spans add up to more than the run), and the time its files
 * took, summed. CI's log then says where the minutes went without a second run.
 */
export default class ProjectTimesReporter implements Reporter {
  private readonly projects = new Map<string, { first: number; last: number; files: number; tests: number; busyMs: number }>();

  onTestModuleStart(module: TestModule): void {
    const entry = this.entryOf(module);
    entry.first = Math.min(entry.first, Date.now());
  }

  onTestModuleEnd(module: TestModule): void {
    const entry = this.entryOf(module);
    const diagnostic = module.diagnostic();
    entry.last = Math.max(entry.last, Date.now());
    entry.files += 1;
    entry.tests += [...module.children.allTests()].length;
    entry.busyMs += diagnostic.collectDuration + diagnostic.setupDuration + diagnostic.duration;
  }

  onTestRunEnd(): void {
    if (this.projects.size === 0) return;
    const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;
    const lines = [...this.projects].map(
      ([name, { first, last, files, tests, busyMs }]) =>
        `  ${name.padEnd(14)} ${String(tests).padStart(5)} tests in ${String(files).padStart(3)} files, ${seconds(last - first).padStart(6)} from first to last, ${seconds(busyMs)} of file time`,
    );
    process.stdout.write(`\nTime by project:\n${lines.join('\n')}\n`);
  }

  private entryOf(module: TestModule) {
    const name = module.project.name || 'default';
    let entry = this.projects.get(name);
    if (!entry) {
      entry = { first: Number.POSITIVE_INFINITY, last: 0, files: 0, tests: 0, busyMs: 0 };
      this.projects.set(name, entry);
    }
    return entry;
  }
}
