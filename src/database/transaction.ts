import type { EntityManager } from 'typeorm';

/**
 * An open transaction, handed from one repository to another through the services, which never
 * look inside it (so TypeORM stays in the repositories).
 */
export type Tx = EntityManager;
