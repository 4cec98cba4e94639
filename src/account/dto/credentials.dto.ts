import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsAbsentOr } from '../../common/validators/is-absent-or';
import { IsString, MaxLength, MinLength } from 'class-validator';
import { EmailDto } from './by-mail.dto';

export class CredentialsDto extends EmailDto {
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
