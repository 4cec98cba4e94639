import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsString,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { IsAbsentOr } from '../../common/validators/is-absent-or';
import { toUnix } from '../../common/time';
import { ApiToken } from '../api-token.entity';
import { Scope, SCOPE_INPUTS, SCOPES } from '../scopes/scopes';

export class CreateTokenDto {
  @ApiProperty({ example: 'PicGo on my laptop', maxLength: 100 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name!: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 3650, description: 'Unset: the token never expires' })
  @IsAbsentOr()
  @IsInt()
  @Min(1)
  @Max(3650)
  expires_in_days?: number;

  @ApiPropertyOptional({
    type: [String],
    enum: SCOPE_INPUTS,
    example: ['files:write'],
    description:
      'What the token may do (`<kind>:*` is both of its scopes; a write scope reads too). ' +
      'Unset: everything the account may, as tokens made before scopes.',
  })
  @IsAbsentOr()
  @IsArray()
  @ArrayNotEmpty({ message: 'scopes must name at least one scope, or be left out for full access' })
  @ArrayMaxSize(SCOPE_INPUTS.length)
  @IsIn(SCOPE_INPUTS, {
    each: true,
    message: `each scope must be one of: ${SCOPE_INPUTS.join(', ')}`,
  })
  scopes?: string[];

  @ApiPropertyOptional({ maxLength: 500, description: 'What the token is for' })
  @IsAbsentOr()
  @IsString()
  @MaxLength(500)
  note?: string;
}

export class CheckTokenDto {
  @ApiProperty({ description: 'The API token to check' })
  @IsString()
  @MaxLength(200)
  token!: string;
}

/** S.EE's token check. */
export class TokenCheckDto {
  @ApiProperty({ example: 'ld_aBcD****wXyZ', description: 'The token, masked' }) token!: string;
  @ApiProperty() valid!: boolean;
  @ApiProperty({ description: 'Unix seconds; 0 when it never expires' }) expires_at!: number;
}

export class TokenDto {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty({ description: 'First characters of the token, to tell tokens apart' })
  prefix!: string;
  @ApiProperty({ description: 'Unix seconds' }) created_at!: number;
  @ApiPropertyOptional({ type: Number, nullable: true, description: 'Unix seconds' })
  last_used_at!: number | null;
  @ApiPropertyOptional({ type: Number, nullable: true, description: 'Unix seconds; null: never' })
  expires_at!: number | null;
  @ApiPropertyOptional({
    type: [String],
    enum: SCOPES,
    nullable: true,
    description: 'null: full access (everything its account may do)',
  })
  scopes!: Scope[] | null;
  @ApiPropertyOptional({ type: String, nullable: true }) note!: string | null;

  static from(t: ApiToken): TokenDto {
    return {
      id: t.id,
      name: t.name,
      prefix: t.prefix,
      created_at: toUnix(t.createdAt),
      last_used_at: t.lastUsedAt ? toUnix(t.lastUsedAt) : null,
      expires_at: t.expiresAt ? toUnix(t.expiresAt) : null,
      scopes: t.scopes ? (t.scopes.split(' ') as Scope[]) : null,
      note: t.note,
    };
  }
}

export class CreatedTokenDto extends TokenDto {
  @ApiProperty({ description: 'The token itself. Shown only this once; store it now.' })
  token!: string;
}

export class RevokedDto {
  @ApiProperty({ type: 'integer' }) id!: number;
  @ApiProperty({ enum: [true] }) revoked!: true;
}
