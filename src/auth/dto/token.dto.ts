import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { toUnix } from '../../common/time';
import { ApiToken } from '../api-token.entity';

export class CreateTokenDto {
  @ApiProperty({ example: 'PicGo on my laptop', maxLength: 100 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name!: string;
}

export class TokenDto {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty({ description: 'First characters of the token, to tell tokens apart' })
  prefix!: string;
  @ApiProperty({ description: 'Unix seconds' }) created_at!: number;
  @ApiPropertyOptional({ type: Number, nullable: true, description: 'Unix seconds' })
  last_used_at!: number | null;

  static from(t: ApiToken): TokenDto {
    return {
      id: t.id,
      name: t.name,
      prefix: t.prefix,
      created_at: toUnix(t.createdAt),
      last_used_at: t.lastUsedAt ? toUnix(t.lastUsedAt) : null,
    };
  }
}

export class CreatedTokenDto extends TokenDto {
  @ApiProperty({ description: 'The token itself. Shown only this once; store it now.' })
  token!: string;
}
