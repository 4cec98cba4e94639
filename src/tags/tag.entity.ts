import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintTransformer } from '../common/bigint.transformer';

@Entity('tags')
export class Tag {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ name: 'account_id', transformer: bigintTransformer }) accountId!: number;
  @Column({ type: 'varchar', length: 64 }) name!: string;
  @Column({ name: 'created_at', type: 'datetime' }) createdAt!: Date;
}
