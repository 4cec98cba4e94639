import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

/** The second step of a log-in: the challenge of the first and a code. */
export class SecondFactorDto {
  @ApiProperty({ description: 'From the answer of POST /api/v1/auth/login' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  challenge!: string;

  @ApiProperty({
    example: '123456',
    description: 'A code of the authenticator app, or one of the recovery codes',
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(20)
  code!: string;
}
