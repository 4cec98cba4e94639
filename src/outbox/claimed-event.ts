import type { OutboxEvent } from './outbox-event.entity';

/** An event as a dispatcher hands it out. */
export type ClaimedEvent = Pick<
  OutboxEvent,
  'id' | 'eventId' | 'type' | 'accountId' | 'occurredAt' | 'data'
>;
