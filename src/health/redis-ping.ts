import { connect } from 'node:net';

/** PING over RESP with a timeout; enough for readiness without a Redis client dependency. */
export function pingRedis(redisUrl: string, timeoutMs = 1000): Promise<boolean> {
  const url = new URL(redisUrl);
  return new Promise((resolve) => {
    const socket = connect({ host: url.hostname, port: Number(url.port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => {
      const auth = url.password
        ? `AUTH ${url.username ? `${decodeURIComponent(url.username)} ` : ''}${decodeURIComponent(url.password)}\r\n`
        : '';
      socket.write(`${auth}PING\r\n`);
    });
    socket.on('data', (buf) => {
      const text = buf.toString();
      if (text.includes('+PONG')) done(true);
      else if (text.startsWith('-')) done(false);
    });
  });
}
