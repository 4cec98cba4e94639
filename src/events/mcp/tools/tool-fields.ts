/** Arguments several tools share. */
import { z } from 'zod';

export const id = z.number().int().positive().describe('The id, as the list tools show it');
export const page = z.number().int().positive().max(100_000).optional().describe('From 1');
export const perPage = z.number().int().min(1).max(100).optional().describe('1-100, 30 by default');
export const linkFields = {
  title: z.string().optional(),
  tag_ids: z.array(z.number().int().positive()).optional().describe('list_tags shows them'),
  password: z.string().optional().describe('Visitors must give it'),
  expire_at: z.number().int().optional().describe('Unix seconds'),
};
