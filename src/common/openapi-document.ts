import type { INestApplication } from '@nestjs/common';
import { OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type {
  OperationObject,
  ResponseObject,
  SchemaObject,
} from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { ERROR_CODES, ErrorCode } from './errors/domain-error';
import { openApiConfig } from './openapi';
import { errorSchema } from './openapi-responses';

/** Operations marked with this answer failures in their own shape (text, SM.MS, YOURLS). */
export const OWN_ERRORS = 'x-own-error-shape';

const SCHEMAS: Record<string, SchemaObject> = {
  Envelope: {
    type: 'object',
    description: 'Every answer of the API: `code` equals the HTTP status',
    required: ['code', 'success', 'message', 'data'],
    properties: {
      code: { type: 'integer', example: 200 },
      success: { type: 'boolean', example: true },
      message: { type: 'string', example: 'success' },
      data: { description: 'The payload of the operation' },
    },
  },
  SeeEnvelope: {
    type: 'object',
    description:
      "A success on S.EE's own paths outside file operations: S.EE's `{ code, message, data }`, " +
      'no `success` (the spec has it in file operations only), `data` exactly as S.EE declares it',
    required: ['code', 'message', 'data'],
    additionalProperties: false,
    properties: {
      code: { type: 'integer', example: 200 },
      message: { type: 'string', example: 'success' },
      data: { description: 'The payload of the operation' },
    },
  },
  ErrorEnvelope: {
    type: 'object',
    description: 'A failure: the envelope with a stable `error` string',
    required: ['code', 'success', 'message', 'data', 'error'],
    properties: {
      code: { type: 'integer', example: 404 },
      success: { type: 'boolean', enum: [false] },
      message: { type: 'string', example: 'Link not found' },
      error: { type: 'string', enum: [...ERROR_CODES], example: 'not_found' },
      data: {
        type: 'object',
        nullable: true,
        description: 'null, or details: `errors` per field on validation failures',
        properties: {
          errors: {
            type: 'object',
            additionalProperties: { type: 'array', items: { type: 'string' } },
          },
          retry_after: { type: 'integer', description: 'Seconds (rate limits)' },
        },
      },
    },
  },
};

/** Failures every API operation may answer, by status; secured ones add the token's. */
const COMMON: Record<number, ErrorCode[]> = {
  400: ['validation_failed', 'malformed_json', 'bad_request'],
  500: ['internal_error'],
  503: ['service_unavailable'],
  507: ['insufficient_storage'],
};
const SECURED: Record<number, ErrorCode[]> = {
  401: ['unauthorized'],
  403: ['plan_inactive'],
  429: ['rate_limited', 'plan_limit'],
};

/** The OpenAPI document: what Nest reads from the decorators, with the envelope's schemas. */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  return finishDocument(SwaggerModule.createDocument(app, openApiConfig()));
}

export function finishDocument(doc: OpenAPIObject): OpenAPIObject {
  doc.components = { ...doc.components, schemas: { ...doc.components?.schemas, ...SCHEMAS } };
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'] as const) {
      const op = item[method];
      if (op) finishOperation(path, op);
    }
  }
  return doc;
}

function finishOperation(path: string, op: OperationObject): void {
  // Public operations say so: a linter then knows no security was forgotten.
  op.security ??= [];
  if (!path.startsWith('/api/v1') || (op as unknown as Record<string, unknown>)[OWN_ERRORS]) return;
  const defaults = op.security.length ? { ...COMMON, ...SECURED } : COMMON;
  for (const [status, codes] of Object.entries(defaults)) addErrors(op, Number(status), codes);
}

/** Adds error codes to a status the operation answers, or the status itself. */
function addErrors(op: OperationObject, status: number, codes: ErrorCode[]): void {
  const existing = op.responses[status] as ResponseObject | undefined;
  const schema = existing?.content?.['application/json']?.schema as SchemaObject | undefined;
  const errorEnum = (schema?.allOf?.[1] as SchemaObject | undefined)?.properties?.error as
    SchemaObject | undefined;
  if (!existing) {
    op.responses[status] = {
      description: codes.join(', '),
      content: { 'application/json': { schema: errorSchema(status, codes) } },
    };
  } else if (errorEnum?.enum) {
    const merged = [...new Set([...(errorEnum.enum as ErrorCode[]), ...codes])];
    errorEnum.enum = merged;
    existing.description = merged.join(', ');
  }
}
