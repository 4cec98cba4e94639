import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, MaxLength } from 'class-validator';
import { IsAbsentOr } from './is-absent-or';

/** A list's optional `q`: text searched for, as the account area's search box sends it. */
export const SearchText = (description: string) =>
  applyDecorators(
    ApiPropertyOptional({ description, maxLength: 200 }),
    IsAbsentOr(),
    IsString(),
    MaxLength(200),
  );

/** A list's optional `sort`: one of its orders, the first being the default. */
export const SortedBy = (orders: readonly string[]) =>
  applyDecorators(
    ApiPropertyOptional({ enum: orders, default: orders[0] }),
    IsAbsentOr(),
    IsIn(orders),
  );
