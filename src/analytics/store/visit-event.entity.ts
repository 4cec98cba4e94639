import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A Redis Stream entry whose visit is stored (kept a week): an entry two instances both took (one
 * stopped, or was slow) is stored by the first and refused to the second by this key.
 */
@Entity('visit_events')
export class VisitEvent {
  @PrimaryColumn({ name: 'event_id', type: 'varchar', length: 40 }) eventId!: string;
  @Column({ name: 'stored_at', type: 'datetime' }) storedAt!: Date;
}
