import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Env } from '../../config/env';
import { Installation } from '../../database/installation';
import { RedisService } from '../../redis/redis.service';
import type { RawVisit } from './raw-visit';

const GROUP = 'writers';
/** Entries kept when no instance writes (the database away for a long time). */
const MAX_ENTRIES = 1_000_000;

type Entries = [id: string, fields: string[]][];

/**
 * With REDIS_URL, visits travel through a Redis Stream read by a consumer group: each entry goes
 * to one instance, which acknowledges it only once it is stored. An instance that stops first
 * leaves its entries pending; another takes them over and stores them unless they are stored
 * already (their stream id is kept as the visit's event id). The daily salt of the visitor hash
 * lives in Redis too, so a visitor is one unique whichever instance writes the visit.
 */
@Injectable()
export class VisitStream {
  private key = '';
  private readonly consumer = `${hostname()}-${process.pid}-${randomBytes(4).toString('hex')}`;
  private grouped = false;
  /** Entries a stopped instance took and never acknowledged are taken over after this long. */
  private readonly staleMs: number;

  constructor(
    private readonly redis: RedisService,
    private readonly installation: Installation,
    env: Env,
  ) {
    this.staleMs = env.ANALYTICS_STREAM_CLAIM_SECONDS * 1000;
  }

  get enabled(): boolean {
    return this.redis.enabled;
  }

  private get client() {
    return this.redis.connection!;
  }

  /** Instances of one installation (one database) share a stream, and nothing else does. */
  private async named(): Promise<void> {
    if (!this.key) this.key = `linkdrop:visits:${await this.installation.idOf()}`;
  }

  async publish(visits: RawVisit[]): Promise<void> {
    await this.named();
    const pipeline = this.client.pipeline();
    for (const v of visits) {
      pipeline.xadd(this.key, 'MAXLEN', '~', MAX_ENTRIES, '*', 'v', JSON.stringify(v));
    }
    for (const [e] of (await pipeline.exec()) ?? []) if (e) throw e;
  }

  /**
   * Up to `count` entries for this instance: its own unacknowledged ones first (a store that
   * failed), then those of a stopped instance, then new ones. All but the new may be stored.
   */
  async take(count: number): Promise<RawVisit[]> {
    await this.named();
    await this.ensureGroup();
    const own = await this.read('0', count);
    if (own.length > 0) return own;
    const claimed = (await this.client.xautoclaim(
      this.key,
      GROUP,
      this.consumer,
      this.staleMs,
      '0-0',
      'COUNT',
      count,
    )) as [string, Entries];
    const stale = parse(claimed[1]);
    if (stale.length > 0) return stale;
    return this.read('>', count);
  }

  /** Stored: acknowledged and deleted. */
  async done(visits: RawVisit[]): Promise<void> {
    const ids = visits.map((v) => v.eventId!);
    if (ids.length === 0) return;
    await this.client
      .pipeline()
      .xack(this.key, GROUP, ...ids)
      .xdel(this.key, ...ids)
      .exec();
  }

  /** The salt of a UTC day, the same on every instance; it expires when the day ends. */
  async salt(day: number): Promise<Buffer> {
    await this.named();
    const key = `${this.key}:salt:${day}`;
    const left = Math.ceil(((day + 1) * 86_400_000 - Date.now()) / 1000);
    await this.client.set(key, randomBytes(32).toString('hex'), 'EX', Math.max(60, left), 'NX');
    return Buffer.from((await this.client.get(key))!, 'hex');
  }

  private async read(from: '0' | '>', count: number): Promise<RawVisit[]> {
    const res = (await this.client.xreadgroup(
      'GROUP',
      GROUP,
      this.consumer,
      'COUNT',
      count,
      'STREAMS',
      this.key,
      from,
    )) as [string, Entries][] | null;
    const entries = res?.[0]?.[1] ?? [];
    // An entry deleted but still pending has no fields: nothing to store, only to acknowledge.
    const ghosts = entries.filter(([, fields]) => !fields?.[1]).map(([id]) => id);
    if (ghosts.length > 0) await this.client.xack(this.key, GROUP, ...ghosts);
    return parse(entries);
  }

  private async ensureGroup(): Promise<void> {
    if (this.grouped) return;
    try {
      await this.client.xgroup('CREATE', this.key, GROUP, '0', 'MKSTREAM');
    } catch (e) {
      if (!String(e).includes('BUSYGROUP')) throw e;
    }
    this.grouped = true;
  }
}

/** Entries as visits, each with its stream id (a deleted entry comes back without fields). */
function parse(entries: Entries): RawVisit[] {
  return entries.flatMap(([id, fields]) =>
    fields?.[1] ? [{ ...(JSON.parse(fields[1]) as RawVisit), eventId: id }] : [],
  );
}
