import { applyDecorators, Type } from '@nestjs/common';
import { ApiExtraModels, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import type {
  ReferenceObject,
  SchemaObject,
} from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { SeeResponse } from './decorators/raw-response.decorator';
import { ErrorCode } from './errors/domain-error';

export const ENVELOPE_REF = '#/components/schemas/Envelope';
export const SEE_ENVELOPE_REF = '#/components/schemas/SeeEnvelope';
export const ERROR_REF = '#/components/schemas/ErrorEnvelope';

type Model = Type<unknown> | [Type<unknown>] | SchemaObject;

const schemaOf = (
  model: Model,
): { schema: SchemaObject | ReferenceObject; extra: Type<unknown>[] } => {
  if (Array.isArray(model)) {
    return { schema: { type: 'array', items: { $ref: getSchemaPath(model[0]) } }, extra: model };
  }
  if (typeof model === 'function')
    return { schema: { $ref: getSchemaPath(model) }, extra: [model] };
  return { schema: model, extra: [] };
};

/** A success answer: the envelope with `data` of this model (a DTO class, `[Dto]`, or a schema). */
export function ApiData(model: Model, opts: { status?: number; description?: string } = {}) {
  const { schema, extra } = schemaOf(model);
  return applyDecorators(
    ...(extra.length ? [ApiExtraModels(...extra)] : []),
    ApiResponse({
      status: opts.status ?? 200,
      description: opts.description ?? 'Success',
      schema: {
        allOf: [
          { $ref: ENVELOPE_REF },
          { type: 'object', required: ['data'], properties: { data: schema } },
        ],
      },
    }),
  );
}

/**
 * A success on S.EE's own paths outside file operations: S.EE's `{ code, message, data }`, `data`
 * of this model exactly (`null` when S.EE declares none). Declares the answer and makes it.
 */
export function ApiSeeData(model: Model | null) {
  const data =
    model === null
      ? { schema: { type: 'object', nullable: true, enum: [null] } as SchemaObject, extra: [] }
      : schemaOf(model);
  return applyDecorators(
    SeeResponse(),
    ...(data.extra.length ? [ApiExtraModels(...data.extra)] : []),
    ApiResponse({
      status: 200,
      description: 'Success',
      schema: {
        allOf: [
          { $ref: SEE_ENVELOPE_REF },
          { type: 'object', required: ['data'], properties: { data: data.schema } },
        ],
      },
    }),
  );
}

/** A success answer in another service's shape (S.EE, SM.MS, YOURLS), exactly. */
export function ApiRaw(
  model: Model,
  opts: { status?: number; description?: string; mediaType?: string } = {},
) {
  const { schema, extra } = schemaOf(model);
  return applyDecorators(
    ...(extra.length ? [ApiExtraModels(...extra)] : []),
    ApiResponse({
      status: opts.status ?? 200,
      description: opts.description ?? 'Success',
      content: { [opts.mediaType ?? 'application/json']: { schema } },
    }),
  );
}

/** The failures an operation answers besides the usual ones, by HTTP status. */
export function ApiErrors(errors: Partial<Record<number, ErrorCode[]>>) {
  return applyDecorators(
    ...Object.entries(errors).map(([status, codes]) => errorResponse(Number(status), codes!)),
  );
}

export const errorResponse = (status: number, codes: readonly ErrorCode[]) =>
  ApiResponse({ status, description: codes.join(', '), schema: errorSchema(status, codes) });

export const errorSchema = (status: number, codes: readonly ErrorCode[]): SchemaObject => ({
  allOf: [
    { $ref: ERROR_REF },
    {
      type: 'object',
      properties: {
        code: { type: 'integer', enum: [status] },
        error: { type: 'string', enum: [...codes] },
      },
      required: ['code', 'error'],
    },
  ],
});
