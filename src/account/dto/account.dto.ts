import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import { IsAbsentOr } from '../../common/validators/is-absent-or';
import { toUnix } from '../../common/time';
import { Account } from '../../auth/account.entity';

export class PlanDto {
  @ApiProperty({ example: 'free' }) code!: string;
  @ApiProperty({ example: 'Free' }) name!: string;
  @ApiProperty({ description: 'Largest file one upload may be, in bytes' }) max_file_bytes!: number;
  @ApiProperty({ description: 'Total bytes of files the account may store' })
  storage_quota_bytes!: number;
  @ApiPropertyOptional({ type: Number, nullable: true, description: 'Unix seconds; null: never' })
  expires_at!: number | null;
}

export class UsageDto {
  @ApiProperty() storage_bytes!: number;
  @ApiProperty() files!: number;
  @ApiProperty() links!: number;
  @ApiProperty() texts!: number;
}

export class AccountSummaryDto {
  @ApiProperty() id!: number;
  @ApiProperty() email!: string;
  @ApiProperty() created_at!: number;

  static from(a: Account): AccountSummaryDto {
    return { id: a.id, email: a.email, created_at: toUnix(a.createdAt) };
  }
}

export class AccountDto extends AccountSummaryDto {
  @ApiProperty({ type: PlanDto }) plan!: PlanDto;
  @ApiProperty({ type: UsageDto }) usage!: UsageDto;
  @ApiProperty({ description: "Every redirect's target is watched (docs/link-rules.md)" })
  watch_targets!: boolean;

  static fromAccount(
    a: Account,
    counts: { links: number; texts: number; files: number },
  ): AccountDto {
    const plan = a.plan!;
    return {
      ...AccountSummaryDto.from(a),
      plan: {
        code: plan.code,
        name: plan.name,
        max_file_bytes: plan.maxFileBytes,
        storage_quota_bytes: plan.storageQuotaBytes,
        expires_at: a.planExpiresAt ? toUnix(a.planExpiresAt) : null,
      },
      usage: { storage_bytes: a.storageBytes, ...counts },
      watch_targets: a.watchTargets,
    };
  }
}

export class AccountSettingsDto {
  @ApiPropertyOptional({
    description: "Watch every redirect's target (as each link's watch_target)",
  })
  @IsAbsentOr()
  @IsBoolean({ message: 'watch_targets must be true or false' })
  watch_targets?: boolean;
}

export class SessionDto {
  @ApiProperty({ description: 'A fresh API token; shown only this once' }) token!: string;
  @ApiProperty({ type: AccountDto }) account!: AccountDto;
}

export class TwoFactorChallengeDto {
  @ApiProperty({ enum: [true] }) two_factor_required!: true;
  @ApiProperty({
    description: 'Send it back with a code to POST /api/v1/auth/login/2fa, within 5 minutes',
  })
  challenge!: string;
}
