import type { ClaimedEvent } from '../../outbox/claimed-event';

/**
 * What every subscriber receives: `{ type, timestamp, data }`, the same bytes for a webhook, a
 * RabbitMQ message and a Redis message. `data` is stored as JSON already: spliced in, not
 * parsed and written again.
 */
export const messageOf = (e: ClaimedEvent): string =>
  `{"type":${JSON.stringify(e.type)},"timestamp":"${e.occurredAt.toISOString()}","data":${e.data}}`;
