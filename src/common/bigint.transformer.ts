import { ValueTransformer } from 'typeorm';

/** mysql2 may hand BIGINT back as a string; the API speaks numbers (bytes, ids). */
export const bigintTransformer: ValueTransformer = {
  to: (v: number | null | undefined) => v,
  from: (v: string | number | null) => (v === null || v === undefined ? v : Number(v)),
};
