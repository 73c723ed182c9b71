import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * A Vitest reporter for `npm test`: after the run, the slowest test files with where their time went, and the
 * number of tests each project ran (what the CI note compares before and after a change to the suite).
 */
export default class SlowestFiles implements Reporter {
  private modules: TestModule[] = [];

  onTestModuleEnd(module: TestModule) {
    this.modules.push(module);
  }

  onTestRunEnd() {
    const rows = this.modules.map((m) => {
      const d = m.diagnostic();
      const setup = d.environmentSetupDuration + d.prepareDuration + d.setupDuration;
      return {
        m,
        setup,
        collect: d.collectDuration,
        run: d.duration,
        total: setup + d.collectDuration + d.duration,
      };
    });
    rows.sort((a, b) => b.total - a.total);
    const s = (ms: number) => (ms / 1000).toFixed(1).padStart(6);
    const lines = ['', 'Slowest test files (seconds: total = setup + import + tests and hooks):'];
    for (const r of rows.slice(0, 20)) {
      lines.push(
        `${s(r.total)} =${s(r.setup)} +${s(r.collect)} +${s(r.run)}  [${r.m.project.name}] ${r.m.relativeModuleId}`,
      );
    }
    const perProject = new Map<string, { files: number; tests: number; ms: number }>();
    for (const { m, total } of rows) {
      const p = perProject.get(m.project.name) ?? { files: 0, tests: 0, ms: 0 };
      p.files += 1;
      p.tests += [...m.children.allTests()].length;
      p.ms += total;
      perProject.set(m.project.name, p);
    }
    lines.push('', "Tests per project (seconds: the files' times summed over the workers):");
    for (const [name, p] of [...perProject].sort())
      lines.push(`  ${name}: ${p.tests} tests in ${p.files} files, ${s(p.ms).trim()} s`);
    console.log(lines.join('\n'));
    // Every file's figures as JSON lines, for a closer look than the top 20 (VITEST_TIMES_FILE=path).
    const out = process.env.VITEST_TIMES_FILE;
    if (out)
      writeFileSync(
        out,
        rows
          .map((r) =>
            JSON.stringify({
              project: r.m.project.name,
              file: r.m.relativeModuleId,
              setup: r.setup,
              collect: r.collect,
              run: r.run,
              total: r.total,
            }),
          )
          .join('\n'),
      );
  }
}
