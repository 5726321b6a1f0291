import { fmt, load, peakRssMb, session, spawnServer } from './lib.ts';

/**
 * Bench (b): requests per second and p99 latency of GET /api/permission?page=1 over 10,000
 * permissions, next to a trivial endpoint (GET /api/ping) of the same server in the same run.
 */
export async function permissionListBench(seconds = 8, clients = 20) {
  const server = await spawnServer();
  try {
    const { headers } = await session(server.url);
    // 10,000 permissions through the API itself, 20 at a time.
    for (let i = 0; i < 10_000; i += 20) {
      await Promise.all(
        Array.from({ length: 20 }, (_, j) =>
          fetch(`${server.url}/api/permission`, {
            method: 'POST',
            headers,
            body: new URLSearchParams({ name: `Permission ${i + j}` }),
          }),
        ),
      );
    }
    await load(clients, 1, () => ({ url: `${server.url}/api/ping` })); // warm-up
    const ping = await load(clients, seconds, () => ({ url: `${server.url}/api/ping` }));
    const list = await load(clients, seconds, () => ({ url: `${server.url}/api/permission?page=1`, init: { headers } }));
    console.log(`\n## (b) GET /api/permission?page=1 over 10,000 permissions (${clients} clients, ${seconds} s each)`);
    console.log(`trivial GET /api/ping:         ${fmt(ping.rps, 0)} req/s, p50 ${fmt(ping.p50, 2)} ms, p99 ${fmt(ping.p99, 2)} ms, errors ${ping.errors}`);
    console.log(`GET /api/permission?page=1:    ${fmt(list.rps, 0)} req/s, p50 ${fmt(list.p50, 2)} ms, p99 ${fmt(list.p99, 2)} ms, errors ${list.errors}`);
    console.log(`ratio list/trivial: throughput ${fmt(list.rps / ping.rps, 2)}, p99 ${fmt(list.p99 / ping.p99, 2)}`);
    console.log(`server peak memory: ${fmt(peakRssMb(server.pid), 0)} MB`);
  } finally {
    await server.stop();
  }
}
