import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Facts about this installation kept in its own database (its random id, for one). */
@Entity('settings')
export class Setting {
  @PrimaryColumn({ type: 'varchar', length: 64 }) name!: string;
  @Column({ type: 'varchar', length: 255 }) value!: string;
}
