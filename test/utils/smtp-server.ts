import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface TestSmtp {
  url: string;
  /** Every mail received, parsed. */
  mails: ParsedMail[];
  /** The next mail to `to` (waits up to `ms`), or null. */
  nextTo(to: string, ms?: number): Promise<ParsedMail | null>;
  close(): Promise<void>;
}

/** A real SMTP server on loopback that receives and parses what the service sends. */
export async function startSmtp(): Promise<TestSmtp> {
  const mails: ParsedMail[] = [];
  const taken = new Set<ParsedMail>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream)
        .then((m) => mails.push(m))
        .then(() => done(), done);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const addressedTo = (m: ParsedMail, to: string) =>
    [m.to ?? []].flat().some((a) => a.value.some((v) => v.address === to));
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async nextTo(to, ms = 5000) {
      for (const end = Date.now() + ms; Date.now() < end;) {
        const m = mails.find((x) => !taken.has(x) && addressedTo(x, to));
        if (m) {
          taken.add(m);
          return m;
        }
        await new Promise((r) => setTimeout(r, 25));
      }
      return null;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
