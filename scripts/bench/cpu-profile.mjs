// Preloaded in the server (NODE_OPTIONS=--import) when BENCH_CPU_PROF names a folder: Node 20
// refuses --cpu-prof in NODE_OPTIONS, so the profile is taken through the inspector and written
// there as <pid>.cpuprofile when the process exits (open it in Chrome's DevTools). Worker threads
// run it too; each writes <pid>-<thread id>.cpuprofile, so none overwrites the server's.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';
import { isMainThread, threadId } from 'node:worker_threads';

const dir = process.env.BENCH_CPU_PROF;
if (dir) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 1000 });
  session.post('Profiler.start');
  process.on('exit', () => {
    // The in-process session answers synchronously: the profile is written before the exit.
    session.post('Profiler.stop', (error, result) => {
      if (!error)
        writeFileSync(
          join(dir, `${process.pid}${isMainThread ? '' : `-${threadId}`}.cpuprofile`),
          JSON.stringify(result.profile),
        );
    });
  });
}
