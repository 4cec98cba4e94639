import { Entity, PrimaryColumn } from 'typeorm';

/**
 * A visitor seen on a share on a UTC day, as its key (see visitorKey): only today's and
 * yesterday's. SQLite: an INTEGER PRIMARY KEY, the table's rowid.
 */
@Entity('visitor_days')
export class VisitorDay {
  @PrimaryColumn({ name: 'visitor_key', type: 'bigint' }) visitorKey!: number;
}
