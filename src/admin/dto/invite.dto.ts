import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { IsInt, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { IsAbsentOr } from '../../common/validators/is-absent-or';

export class CreateInviteDto {
  @ApiPropertyOptional({
    minimum: 1,
    maximum: 10000,
    default: 1,
    description: 'Sign-ups it allows',
  })
  @IsAbsentOr()
  @IsInt()
  @Min(1)
  @Max(10000)
  uses?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 365, description: 'Unset: it never expires' })
  @IsAbsentOr()
  @IsInt()
  @Min(1)
  @Max(365)
  expires_in_days?: number;

  @ApiPropertyOptional({
    example: 'pro',
    description: 'The plan new accounts start on; unset: DEFAULT_PLAN',
  })
  @IsAbsentOr()
  @IsString()
  @MaxLength(32)
  @Matches(/^[a-z0-9_-]+$/, { message: 'plan must be a plan code' })
  plan?: string;
}

export class CreatedInviteDto {
  @ApiProperty() id!: number;
  @ApiProperty({
    description: 'The sign-up address (with its secret): only in this answer',
    example: 'https://s.example.com/signup?invite=3q2-7wEAbc…',
  })
  url!: string;
  @ApiProperty() uses_left!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Unix seconds; null: never' })
  expires_at!: number | null;
}

export class InviteDto extends OmitType(CreatedInviteDto, ['url'] as const) {
  @ApiProperty({ type: String, nullable: true, description: 'null: DEFAULT_PLAN' })
  plan!: string | null;
  @ApiProperty({ description: 'Unix seconds' }) created_at!: number;
}
