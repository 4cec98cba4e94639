import { ApiProperty } from '@nestjs/swagger';

/** What a delete answers. */
export class DeletedDto {
  @ApiProperty({ type: 'integer' }) id!: number;
  @ApiProperty({ enum: [true] }) deleted!: true;
}

/** S.EE's domain lists. */
export class DomainListDto {
  @ApiProperty({ type: [String], example: ['localhost:3000'], description: 'The default first' })
  domains!: string[];
}
