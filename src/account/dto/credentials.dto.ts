import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsAbsentOr } from '../../common/validators/is-absent-or';
import { Transform } from 'class-transformer';
import { IsEmail, IsString, MaxLength, MinLength } from 'class-validator';

export class CredentialsDto {
  @ApiProperty({ example: 'ada@example.com' })
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.trim().toLowerCase() : value,
  )
  @IsEmail({}, { message: 'email must be a valid email address' })
  @MaxLength(254)
  email!: string;

  @ApiProperty({ example: 'correct horse battery staple', minLength: 8 })
  @IsString()
  @MinLength(8)
  @MaxLength(200)
  password!: string;
}

export class SignupDto extends CredentialsDto {
  @ApiPropertyOptional({
    description:
      'The secret of an invitation (the `invite` of its address); needed with AUTH_SIGNUP=invite',
  })
  @IsAbsentOr()
  @IsString()
  @MaxLength(100)
  invite?: string;
}
