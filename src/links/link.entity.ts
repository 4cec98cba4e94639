import {
  Column,
  Entity,
  JoinColumn,
  JoinTable,
  ManyToMany,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { bigintTransformer } from '../common/bigint.transformer';
import { Domain } from '../domains/domain.entity';
import { Tag } from '../tags/tag.entity';
import type { LinkRule, LinkUtm, LinkVariant, TargetHealthStatus } from './rules/rule-types';

export const LINK_KINDS = ['redirect', 'text', 'file', 'bio', 'bundle'] as const;
export type LinkKind = (typeof LINK_KINDS)[number];
export const REDIRECT_CODES = [301, 302, 307, 308] as const;

/** Every public short address, whatever it points at: `(domain_id, slug)` is unique. */
@Entity('links')
export class Link {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ name: 'account_id', transformer: bigintTransformer }) accountId!: number;
  @Column({ name: 'domain_id', transformer: bigintTransformer }) domainId!: number;
  @ManyToOne(() => Domain) @JoinColumn({ name: 'domain_id' }) domain?: Domain;
  @Column({ type: 'varchar', length: 64 }) slug!: string;
  @Column({ type: 'varchar', length: 16 }) kind!: LinkKind;
  @Column({ name: 'target_url', type: 'varchar', length: 2048, nullable: true })
  targetUrl!: string | null;
  @Column({ type: 'varchar', length: 255, nullable: true }) title!: string | null;
  @Column({ name: 'password_hash', type: 'varchar', length: 255, nullable: true })
  passwordHash!: string | null;
  @Column({ name: 'expire_at', type: 'datetime', nullable: true }) expireAt!: Date | null;
  @Column({ name: 'expiration_redirect_url', type: 'varchar', length: 2048, nullable: true })
  expirationRedirectUrl!: string | null;
  @Column({ name: 'redirect_code', type: 'smallint' }) redirectCode!: number;
  @Column({ type: 'bigint', transformer: bigintTransformer }) clicks!: number;
  /** Link previews (Open Graph, oEmbed) may show its content; false keeps it out of them. */
  @Column({ type: 'boolean', default: true }) unfurl!: boolean;
  /** Made through S.EE's `/qrcode`: its visits are scans. */
  @Column({ name: 'qr_code', type: 'boolean', default: false }) qrCode!: boolean;
  @ManyToMany(() => Tag)
  @JoinTable({
    name: 'link_tags',
    joinColumn: { name: 'link_id', referencedColumnName: 'id' },
    inverseJoinColumn: { name: 'tag_id', referencedColumnName: 'id' },
  })
  tags?: Tag[];
  /** Taken down by an admin (or its account disabled): the share answers 410 with this. */
  @Column({ name: 'blocked_reason', type: 'varchar', length: 300, nullable: true })
  blockedReason!: string | null;
  /** Redirect rules, in the API's shape (`LinkRule[]`); null: none. */
  @Column({ type: 'simple-json', nullable: true }) rules!: LinkRule[] | null;
  /** An A/B split of the link's own target (`LinkVariant[]`); null: none. */
  @Column({ type: 'simple-json', nullable: true }) variants!: LinkVariant[] | null;
  /** The split picks its winner by itself after this many visits (people), to... */
  @Column({ name: 'winner_after', type: 'integer', nullable: true }) winnerAfter!: number | null;
  /** ...the variant whose visitors went on to this link of the owner most often. */
  @Column({ name: 'winner_goal_id', type: 'integer', nullable: true })
  winnerGoalId!: number | null;
  /** The visitor's query string goes onto the target. */
  @Column({ name: 'forward_query', type: 'boolean', default: false }) forwardQuery!: boolean;
  /** Of a parameter both have, the visitor's value wins (else the target's own). */
  @Column({ name: 'visitor_query_wins', type: 'boolean', default: false })
  visitorQueryWins!: boolean;
  @Column({ type: 'simple-json', nullable: true }) utm!: LinkUtm | null;
  /** Visits (people) served before the share answers 410 (or its expiry redirect). */
  @Column({ name: 'max_visits', type: 'integer', nullable: true }) maxVisits!: number | null;
  /** Visits counted against `maxVisits`, by a conditional update. */
  @Column({ name: 'visits_taken', type: 'integer', default: 0 }) visitsTaken!: number;
  @Column({ name: 'watch_target', type: 'boolean', default: false }) watchTarget!: boolean;
  /** Where visitors go while a watched target is broken. */
  @Column({ name: 'fallback_url', type: 'varchar', length: 2048, nullable: true })
  fallbackUrl!: string | null;
  @Column({ name: 'health_status', type: 'varchar', length: 10, default: 'unchecked' })
  healthStatus!: TargetHealthStatus;
  @Column({ name: 'health_http_status', type: 'integer', nullable: true })
  healthHttpStatus!: number | null;
  /** Hard failures in a row. */
  @Column({ name: 'health_failures', type: 'integer', default: 0 }) healthFailures!: number;
  @Column({ name: 'health_checked_at', type: 'datetime', nullable: true })
  healthCheckedAt!: Date | null;
  /** When the target is checked next; null: not watched. */
  @Column({ name: 'health_next_at', type: 'datetime', nullable: true })
  healthNextAt!: Date | null;
  @Column({ name: 'created_at', type: 'datetime' }) createdAt!: Date;
  @Column({ name: 'updated_at', type: 'datetime' }) updatedAt!: Date;
}
