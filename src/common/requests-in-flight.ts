/**
 * Requests the instance is answering now (counted by the request log, the first middleware):
 * background work gives way while they queue up (Backlog).
 */
export const RequestsInFlight = { count: 0 };
