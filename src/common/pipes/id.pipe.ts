import { ParseIntPipe } from '@nestjs/common';
import { notFound } from '../errors/domain-error';

/** A route id: anything that is not a positive integer names nothing, so it is a 404. */
export const IdPipe = new ParseIntPipe({ exceptionFactory: () => notFound() });
