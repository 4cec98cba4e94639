import type { TestApp } from './create-test-app';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options';

export interface Operation {
  method: Method;
  /** The path with its parameters filled in (`999999`: an id nobody has). */
  path: string;
  /** Whether the operation takes a token. */
  secured: boolean;
  /** The token scope it declares (`x-token-scope`), if any. */
  scope?: string;
}

/** Every operation of the app's OpenAPI document (the corpus tests go over them all). */
export async function openApiOperations(t: TestApp): Promise<Operation[]> {
  const doc = (await t.api().get('/api/docs/openapi.json').expect(200)).body as {
    paths: Record<string, Record<string, { security?: unknown[]; 'x-token-scope'?: string }>>;
  };
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method as Method,
      path: path.replace(/\{[^}]+\}/g, '999999'),
      secured: (op.security ?? []).length > 0,
      scope: op['x-token-scope'],
    })),
  );
}
