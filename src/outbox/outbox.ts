import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock';
import { Actor, RequestContexts, SYSTEM_ACTOR } from '../common/request-context';
import { Tx, UnitOfWork } from '../database/unit-of-work';
import type { EventType } from './event-types';
import { OutboxRepository } from './outbox.repository';

export interface NewEvent {
  type: EventType;
  accountId: number | null;
  resource: { type: string; id: string | number | null };
  /** The resource as the API shows it. */
  data: object;
  /** Who acted, when the request's context does not say (background work, a tus upload). */
  actor?: Actor;
}

const ID_BYTES = 15;
const IDS_A_FILL = 256;
let pool = Buffer.alloc(0);
let taken = 0;

/**
 * `evt_` and 120 random bits, from a pool filled for 256 ids at a time (as `randomUUID` pools its
 * own): a `randomBytes` call for each cost ~20 µs of a link creation's CPU.
 */
export function newEventId(): string {
  if (taken + ID_BYTES > pool.length) {
    pool = randomBytes(ID_BYTES * IDS_A_FILL);
    taken = 0;
  }
  const id = pool.toString('base64url', taken, (taken += ID_BYTES));
  return `evt_${id}`;
}

/**
 * Records what happened. Given the transaction that makes the change, the event is written in
 * it: it exists if and only if the change committed. Who acted and through which kind of client
 * come from the request's context. Delivery is someone else's job (events/), woken after commit.
 */
@Injectable()
export class Outbox {
  private readonly listeners: (() => void)[] = [];

  constructor(
    private readonly events: OutboxRepository,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async record(event: NewEvent, tx?: Tx): Promise<void> {
    const row = this.rowOf(event);
    if (tx) {
      await this.events.insert(row, tx);
      tx.afterCommit(() => this.wake());
    } else {
      await this.uow.alone(() => this.events.insert(row));
      this.wake();
    }
  }

  /** Several events of the service's own work (visits of a minute), in one transaction. */
  async recordMany(events: NewEvent[]): Promise<void> {
    if (!events.length) return;
    const rows = events.map((e) => this.rowOf(e));
    await this.uow.run((tx) => this.events.insertMany(rows, tx));
    this.wake();
  }

  /**
   * Whether anyone would receive events of `type` of this account (set by whoever delivers
   * them): events that only subscribers want (visits) are not written for nobody.
   */
  wanted(type: EventType, accountId: number): boolean {
    return this.interest(type, accountId);
  }

  setInterest(fn: (type: EventType, accountId: number) => boolean): void {
    this.interest = fn;
  }

  private interest: (type: EventType, accountId: number) => boolean = () => false;

  private rowOf(event: NewEvent) {
    const ctx = RequestContexts.current();
    const actor = event.actor ?? actorOf(ctx?.actor, ctx?.accountId, event.accountId);
    return {
      eventId: newEventId(),
      type: event.type,
      accountId: event.accountId,
      occurredAt: new Date(this.clock.now()),
      actorType: actor.type,
      actorId: actor.id,
      client: ctx?.client ?? null,
      resourceType: event.resource.type,
      resourceId: event.resource.id === null ? null : String(event.resource.id),
      data: JSON.stringify(event.data),
    };
  }

  /** `fn` is called (synchronously; keep it cheap) after events were committed. */
  onRecorded(fn: () => void): void {
    this.listeners.push(fn);
  }

  private wake(): void {
    for (const fn of this.listeners) fn();
  }
}

/** An admin's session or token acting on another account's resource is the admin. */
function actorOf(actor: Actor | undefined, actingAs: number | undefined, owner: number | null) {
  if (!actor || actor.type === 'system') return SYSTEM_ACTOR;
  if (actingAs !== undefined && owner !== null && actingAs !== owner) {
    return { type: 'admin' as const, id: actingAs };
  }
  return actor;
}
