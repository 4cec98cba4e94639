import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsString, MaxLength, ValidateIf } from 'class-validator';
import { ToBool } from '../../common/pipes/query-transforms';
import { SignedQuery } from '../../common/pipes/query-transforms';
import { IsAbsentOr } from '../../common/validators/is-absent-or';
import { IsHttpUrl } from '../../common/validators/is-http-url';

export class AddCustomDomainDto {
  @ApiProperty({
    example: 'links.example.org',
    description: 'Lower-cased; an IDN host is stored as punycode. No scheme, port or IP.',
  })
  @IsString()
  @MaxLength(300)
  host!: string;
}

/** `null` clears a redirect; absent leaves it. */
const Clearable = () => ValidateIf((_, v) => v !== null && v !== undefined);

export class UpdateCustomDomainDto {
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'Where `/` on the domain goes',
  })
  @Clearable()
  @IsHttpUrl()
  root_redirect_url?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'Where an unknown slug on the domain goes (instead of the 404 page)',
  })
  @Clearable()
  @IsHttpUrl()
  not_found_redirect_url?: string | null;
}

export class DeleteCustomDomainQuery extends SignedQuery {
  @ApiPropertyOptional({
    default: false,
    description: 'Also delete every share on the domain (texts and files with their bytes)',
  })
  @ToBool()
  @IsAbsentOr()
  @IsBoolean()
  force = false;
}
