import { applyDecorators } from '@nestjs/common';
import { ApiExtension, ApiResponse } from '@nestjs/swagger';
import { OWN_ERRORS } from '../../common/openapi-document';

const str = { type: 'string' } as const;

/** YOURLS's answers (statusCode and errorCode are strings, as YOURLS sends them). */
const SHORTURL = {
  type: 'object',
  description: 'action=shorturl',
  required: ['status', 'shorturl', 'statusCode'],
  properties: {
    url: {
      type: 'object',
      properties: { keyword: str, url: str, title: str, date: str, ip: str },
    },
    status: { type: 'string', enum: ['success'] },
    message: str,
    title: str,
    shorturl: str,
    statusCode: { type: 'string', enum: ['200'] },
  },
};
const EXPAND = {
  type: 'object',
  description: 'action=expand',
  required: ['keyword', 'longurl', 'statusCode'],
  properties: {
    keyword: str,
    shorturl: str,
    longurl: str,
    title: str,
    message: str,
    statusCode: str,
  },
};
const URL_STATS = {
  type: 'object',
  description: 'action=url-stats',
  required: ['link', 'statusCode'],
  properties: {
    statusCode: str,
    message: str,
    link: {
      type: 'object',
      properties: {
        shorturl: str,
        url: str,
        title: str,
        timestamp: str,
        ip: str,
        clicks: { type: 'string', description: 'Visits by people, as text' },
      },
    },
  },
};
const VERSION = {
  type: 'object',
  description: 'action=version',
  required: ['version'],
  properties: { version: str },
};
const FAILURE = {
  type: 'object',
  required: ['message', 'errorCode'],
  properties: {
    message: str,
    errorCode: { type: 'string', example: '404' },
    status: { type: 'string', enum: ['fail'] },
    code: { type: 'string', example: 'error:nourl' },
  },
};

const formats = (json: object) => ({
  'text/plain': { schema: { type: 'string', description: 'format=simple (the default)' } },
  'application/json': { schema: json },
  'application/javascript': { schema: { type: 'string', description: 'format=jsonp' } },
  'application/xml': {
    schema: { type: 'string', description: 'format=xml: <result>...</result>' },
  },
});

export const YourlsResponses = () =>
  applyDecorators(
    ApiExtension(OWN_ERRORS, true),
    ApiResponse({
      status: 200,
      description: 'The answer of the action, in the asked format',
      content: formats({ anyOf: [SHORTURL, EXPAND, URL_STATS, VERSION] }),
    }),
    ...[400, 401, 404, 429].map((status) =>
      ApiResponse({
        status,
        description: 'A failure: `{ message, errorCode }`',
        content: formats(FAILURE),
      }),
    ),
  );
