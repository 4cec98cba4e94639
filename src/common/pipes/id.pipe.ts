import { PipeTransform } from '@nestjs/common';
import { notFound } from '../errors/domain-error';

/**
 * A route id in its one canonical form (`865`): anything else (`0x361`, `865e0`, `+865`, ` 865`,
 * `0865`, past 2^53) names nothing, so it is a 404, as for any unknown id.
 */
export const IdPipe: PipeTransform<unknown, number> = {
  transform(value: unknown): number {
    if (typeof value !== 'string' || !/^[1-9]\d{0,15}$/.test(value)) throw notFound();
    const id = Number(value);
    if (!Number.isSafeInteger(id)) throw notFound();
    return id;
  },
};
