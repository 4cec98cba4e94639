import Ajv, { ValidateFunction } from 'ajv';
import { readFileSync } from 'node:fs';
import { DOCUMENT_PATH } from '../../scripts/openapi/openapi-files';

interface ResponseObject {
  content?: Record<string, { schema?: object }>;
}
interface Document {
  paths: Record<string, Record<string, { responses: Record<string, ResponseObject> }>>;
  components: { schemas: Record<string, object> };
}

export const committedDocument = (): Document =>
  JSON.parse(readFileSync(DOCUMENT_PATH, 'utf8')) as Document;

/**
 * Checks real answers against the committed OpenAPI document: the schema the document declares
 * for that operation and status must accept the body, or a generated client would be lied to.
 */
export class OpenApiCheck {
  private readonly ajv = new Ajv({ strict: false, allErrors: true });
  private readonly cache = new Map<string, ValidateFunction>();

  constructor(private readonly doc: Document = committedDocument()) {
    this.ajv.addSchema({ components: doc.components }, 'doc');
  }

  /** Errors of `body` against the declared answer; throws when nothing is declared. */
  errors(method: string, path: string, status: number, body: unknown, type = 'application/json') {
    const key = `${method} ${path} ${status} ${type}`;
    let validate = this.cache.get(key);
    if (!validate) {
      const response = this.doc.paths[path]?.[method]?.responses[String(status)];
      const schema = response?.content?.[type]?.schema;
      if (!schema) throw new Error(`${key}: the document declares no such answer`);
      validate = this.ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/', '"doc#/')));
      this.cache.set(key, validate);
    }
    return validate(body)
      ? []
      : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
  }
}
