import net from 'node:net';

/**
 * Ports below Linux's ephemeral range (ip_local_port_range, 32768–60999 by default): the system
 * never hands one of them out for `listen(0)` or as the local end of an outgoing connection.
 */
const LOW = 20_000;
const HIGH = 32_000;

/**
 * A free loopback port for a listener a test stops and starts again on the same number (an SMTP
 * receiver that goes down and comes back, a PostgreSQL that restarts). A port taken from
 * `listen(0)` and let go may be handed to any other process in that gap (CI saw EADDRINUSE when
 * a receiver came back); one drawn at random below the ephemeral range is only ever taken by
 * another call of this function. Checked free by binding it once; tries up to 50 numbers.
 */
export async function sparePort(): Promise<number> {
  for (let i = 0; i < 50; i++) {
    const port = LOW + Math.floor(Math.random() * (HIGH - LOW));
    const free = await new Promise<boolean>((resolve) => {
      const s = net.createServer();
      s.once('error', () => resolve(false));
      s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port between ${LOW} and ${HIGH}`);
}
