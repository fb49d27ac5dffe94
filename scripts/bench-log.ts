/**
 * CPU per request-log line (issue 12, docs/decisions/006-pino.md): the request middleware of a
 * logger module driven 200,000 times, 32 lines per turn of the event loop (as a busy server
 * would), 5 runs, CPU time from process.cpuUsage. Send stdout to /dev/null; figures on stderr.
 *
 *   npx tsx scripts/bench-log.ts [module] > /dev/null     (default: src/server/log.ts)
 *
 * To compare with an earlier logger: `git show <commit>:src/server/log.ts > src/server/log-old.ts`
 * (it must sit where its imports resolve), run with that path, then delete it.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const file = path.resolve(process.argv[2] ?? 'src/server/log.ts');
const { createLogger } = (await import(pathToFileURL(file).href)) as typeof import('../src/server/log.ts');
const log = createLogger('json');
const req = { method: 'GET', url: '/team', originalUrl: '/team' };
const noop = () => {};
const turn = () => new Promise((r) => setImmediate(r));

async function run(lines: number, perTurn: number) {
  for (let i = 0; i < lines; i += perTurn) {
    for (let j = 0; j < perTurn; j++) {
      let finish: () => void = noop;
      log.requests(
        req,
        {
          statusCode: 200,
          on: (_event: string, fn: () => void) => {
            finish = fn;
          },
        },
        noop,
      );
      finish();
    }
    await turn();
  }
  for (let k = 0; k < 5; k++) await turn();
}

await run(50_000, 32); // warm-up
const perLine: number[] = [];
for (let r = 0; r < 5; r++) {
  const before = process.cpuUsage();
  await run(200_000, 32);
  const used = process.cpuUsage(before);
  perLine.push((used.user + used.system) / 200_000);
}
perLine.sort((a, b) => a - b);
process.stderr.write(
  `${path.relative(process.cwd(), file)}: CPU µs per line, 5 runs of 200,000 (32 per event-loop turn): median ${perLine[2].toFixed(2)}, min ${perLine[0].toFixed(2)}, max ${perLine[4].toFixed(2)}\n`,
);
