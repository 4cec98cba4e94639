import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintTransformer } from '../common/bigint.transformer';

export const ABUSE_REASONS = [
  'malware',
  'phishing',
  'spam',
  'illegal',
  'copyright',
  'other',
] as const;
export type AbuseReason = (typeof ABUSE_REASONS)[number];

/** A report of abuse sent from a public share page; open until an admin acts on it. */
@Entity('abuse_reports')
export class AbuseReport {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ name: 'link_id', transformer: bigintTransformer }) linkId!: number;
  @Column({ type: 'varchar', length: 32 }) reason!: AbuseReason;
  @Column({ type: 'varchar', length: 2000 }) details!: string;
  @Column({ name: 'reporter_email', type: 'varchar', length: 254, nullable: true })
  reporterEmail!: string | null;
  /** A keyed hash of the sender's address: one open report per sender and share. */
  @Column({ name: 'sender_key', type: 'varchar', length: 64, nullable: true })
  senderKey!: string | null;
  /** open, taken_down or dismissed. */
  @Column({ type: 'varchar', length: 16 }) status!: string;
  @Column({ name: 'created_at', type: 'datetime' }) createdAt!: Date;
  @Column({ name: 'resolved_at', type: 'datetime', nullable: true }) resolvedAt!: Date | null;
}
