import dns2 from 'dns2';

const { Packet } = dns2;
type RecordType = 'TXT' | 'A' | 'AAAA' | 'CNAME';
type Records = Map<string, { type: RecordType; value: string }[]>;

/**
 * A real DNS server on loopback (UDP) whose records a test sets: the service resolves through
 * it with DNS_SERVERS, exactly as it would through any other server. A name without records is
 * NXDOMAIN; a name with records of other types answers empty (NODATA).
 */
export class TestDnsServer {
  private constructor(
    private readonly server: ReturnType<typeof dns2.createServer>,
    readonly address: string,
    private readonly records: Records,
  ) {}

  static async start(): Promise<TestDnsServer> {
    const records: Records = new Map();
    const server = dns2.createServer({
      udp: true,
      handle: (request, send) => {
        const response = Packet.createResponseFromRequest(request);
        const [q] = request.questions;
        const name = q.name.toLowerCase();
        const all = records.get(name);
        if (!all) response.header.rcode = 3;
        for (const r of all ?? []) {
          if (Packet.TYPE[r.type] !== q.type) continue;
          const base = { name: q.name, type: q.type, class: Packet.CLASS.IN, ttl: 1 };
          const data =
            r.type === 'TXT'
              ? { data: r.value }
              : r.type === 'CNAME'
                ? { domain: r.value }
                : { address: r.value };
          // The encoder takes plain records; the typings ask for a decoded Resource.
          response.answers.push({
            ...base,
            ...data,
          } as unknown as (typeof response.answers)[number]);
        }
        void send(response);
      },
    });
    await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
    const { port } = server.addresses().udp!;
    return new TestDnsServer(server, `127.0.0.1:${port}`, records);
  }

  set(name: string, type: RecordType, value: string): void {
    const key = name.toLowerCase();
    this.records.set(key, [...(this.records.get(key) ?? []), { type, value }]);
  }

  remove(name: string): void {
    this.records.delete(name.toLowerCase());
  }

  async close(): Promise<void> {
    await this.server.close();
  }
}
