import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';

export class EmailDto {
  @ApiProperty({ example: 'ada@example.com' })
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.trim().toLowerCase() : value,
  )
  @IsEmail({}, { message: 'email must be a valid email address' })
  @MaxLength(254)
  email!: string;
}

export class MailedTokenDto {
  @ApiProperty({ description: 'The `token` of the link in the mail' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  token!: string;
}

export class NewPasswordDto extends MailedTokenDto {
  @ApiProperty({ minLength: 8, maxLength: 200 })
  @IsString()
  @MinLength(8)
  @MaxLength(200)
  password!: string;
}

export class AcceptedDto {
  @ApiProperty({
    example: 'If an account has this address, a mail is on its way',
    description: 'The same whether or not the address has an account',
  })
  message!: string;
}

export class VerificationRequiredDto {
  @ApiProperty({ enum: [true] }) verification_required!: true;
  @ApiProperty({ description: 'Where the link to confirm the address was mailed' }) email!: string;
}
