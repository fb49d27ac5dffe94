/**
 * The measuring tools' one entry (docs/performance.md). At the root:
 *
 *   npm run perf -- <subcommand> [options]      (installs scripts/perf's dependencies on first use)
 *   npm run bench                                (= npm run perf -- bench)
 *
 * Subcommands that measure the production build build it first (`npx tsx scripts/build.ts`);
 * `--no-build` measures dist/ as it is. Reports go to reports/.
 */
import { spawnSync } from 'node:child_process';
import { ROOT } from '../../tests/helpers/spawn-server.ts';

interface Command {
  usage: string;
  /** Measures dist/: build first. */
  build: boolean;
  run(args: string[]): Promise<void>;
}

const COMMANDS: Record<string, Command> = {
  bench: {
    usage: 'bench [content|search|store] — throughput against node:http and nginx, content scale, site search (reports/bench/latest.md); the two stores (reports/bench/store.md)',
    build: true,
    run: async (args) => (await import('./bench.ts')).main(args),
  },
  profile: {
    usage: "profile [page|redirect|api] [br|none] — where a request's CPU time goes, frame by frame (reports/bench/profile-*.md)",
    build: true,
    run: async (args) => (await import('./profile.ts')).main(args),
  },
  lighthouse: {
    usage: 'lighthouse — Lighthouse mobile on every page, LH_RUNS (3) each (reports/lighthouse/)',
    build: true,
    run: async (args) => {
      if (args.length) throw new Error('lighthouse takes no arguments (LH_RUNS, LH_ROUTES, CHROME_PATH)');
      await (await import('./lighthouse.ts')).main();
    },
  },
  browser: {
    usage: 'browser [--measure main-thread|frames|cpu] — what a page costs a phone after the first paint (reports/browser/)',
    build: true,
    run: async (args) => (await import('./browser.ts')).main(args),
  },
  weight: {
    usage: 'weight [page module …] — first-load JavaScript per route, gzip and brotli, and what the home page loads by input (reports/weight.md)',
    build: true,
    run: async (args) => (await import('./weight.ts')).main(args),
  },
  'dev-latency': {
    usage: 'dev-latency — npm run dev + Chromium: a content edit to the browser showing it',
    build: false,
    run: async (args) => {
      if (args.length) throw new Error('dev-latency takes no arguments (DEV_ROUNDS, DEV_PORT, CHROMIUM_PATH)');
      await (await import('./dev-latency.ts')).main();
    },
  },
};

const help = () =>
  `usage: npm run perf -- <subcommand> [--no-build] [options]\n\n${Object.values(COMMANDS)
    .map((c) => `  ${c.usage}`)
    .join('\n')}\n\nSettings and figures: docs/performance.md.`;

const [name, ...rest] = process.argv.slice(2);
if (!name || name === '--help' || name === '-h') {
  console.log(help());
  process.exit(name ? 0 : 1);
}
const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
if (!command) {
  console.error(`unknown subcommand "${name}"\n\n${help()}`);
  process.exit(1);
}

// The tools read content/, dist/ and write reports/ relative to the repository's root.
process.chdir(ROOT);
const noBuild = rest.includes('--no-build');
if (command.build && !noBuild) {
  const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
try {
  await command.run(rest.filter((a) => a !== '--no-build'));
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
