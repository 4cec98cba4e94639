import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintTransformer } from '../common/bigint.transformer';

@Entity('domains')
export class Domain {
  @PrimaryGeneratedColumn() id!: number;
  /** Lower-case host, with the port when it has one (`localhost:3000`). */
  @Column({ type: 'varchar', length: 253 }) host!: string;
  /** null: a system domain from SHORT_DOMAINS. */
  @Column({ name: 'account_id', type: 'int', nullable: true, transformer: bigintTransformer })
  accountId!: number | null;
  @Column({ name: 'created_at', type: 'datetime' }) createdAt!: Date;
}
