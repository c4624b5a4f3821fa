/**
 * Preloaded into the simulator process by the benchmark (node --expose-gc --import this file
 * dist/server/src/headless.mjs). It answers GET /memory on its own loopback port (BENCH_PROBE_PORT)
 * with process.memoryUsage() after a full garbage collection, and GET /loop-delay with the
 * event-loop delay since the previous call (largest, p99 and mean, in ms; the histogram is reset),
 * and POST /profile/start and POST /profile/stop, which run V8's CPU profiler over one measured
 * phase (stop answers the .cpuprofile JSON), so the product itself carries no debugging hook. The
 * socket is unref'd: it never keeps the process alive.
 */
import { createServer } from 'node:http';
import { Session } from 'node:inspector/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import v8 from 'node:v8';

const loopDelay = monitorEventLoopDelay({ resolution: 5 });
loopDelay.enable();

const port = Number(process.env.BENCH_PROBE_PORT);
if (Number.isInteger(port) && port > 0) {
  /** @type {Session | undefined} */
  let profiler;
  const answer = (res, status, body) => {
    res.statusCode = status;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(body));
  };
  const server = createServer(async (req, res) => {
    if (req.method === 'POST' && req.url?.startsWith('/profile/start')) {
      if (profiler) return answer(res, 409, { error: 'a profile is already running' });
      const interval = Number(new URL(req.url, 'http://probe').searchParams.get('intervalUs'));
      profiler = new Session();
      profiler.connect();
      await profiler.post('Profiler.enable');
      if (Number.isInteger(interval) && interval > 0)
        await profiler.post('Profiler.setSamplingInterval', { interval });
      await profiler.post('Profiler.start');
      return answer(res, 200, { started: true });
    }
    if (req.method === 'POST' && req.url === '/profile/stop') {
      if (!profiler) return answer(res, 409, { error: 'no profile is running' });
      const session = profiler;
      profiler = undefined;
      const { profile } = await session.post('Profiler.stop');
      session.disconnect();
      return answer(res, 200, profile);
    }
    if (req.url === '/loop-delay') {
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          maxMs: loopDelay.max / 1e6,
          p99Ms: loopDelay.percentile(99) / 1e6,
          meanMs: loopDelay.mean / 1e6,
        }),
      );
      loopDelay.reset();
      return;
    }
    if (req.url !== '/memory') {
      res.statusCode = 404;
      res.end();
      return;
    }
    const gc = globalThis.gc;
    if (typeof gc === 'function') {
      // Twice: the first pass can leave objects that only a second one frees (weak callbacks).
      gc();
      gc();
    }
    res.setHeader('content-type', 'application/json');
    const heap = v8.getHeapStatistics();
    const spaces = Object.fromEntries(
      v8.getHeapSpaceStatistics().map((s) => [s.space_name, s.space_size]),
    );
    res.end(
      JSON.stringify({
        gc: typeof gc === 'function',
        ...process.memoryUsage(),
        v8: {
          totalPhysical: heap.total_physical_size,
          malloced: heap.malloced_memory,
          peakMalloced: heap.peak_malloced_memory,
          spaces,
        },
      }),
    );
  });
  server.listen(port, '127.0.0.1');
  server.unref();
  server.on('connection', (socket) => socket.unref());
}
