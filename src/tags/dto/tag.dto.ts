import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { toUnix } from '../../common/time';
import { Tag } from '../tag.entity';

export class SaveTagDto {
  @ApiProperty({ example: 'marketing', maxLength: 64 })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  name!: string;
}

export class TagDto {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty({ description: 'Unix seconds' }) created_at!: number;

  static from(t: Tag): TagDto {
    return { id: t.id, name: t.name, created_at: toUnix(t.createdAt) };
  }
}

/** S.EE's tag list. */
/** A tag as S.EE lists it. */
export class TagInfoDto {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
}

export class TagListDto {
  @ApiProperty({ type: [TagInfoDto] }) tags!: TagInfoDto[];
}
