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
const LINK_STATS = {
  type: 'object',
  properties: {
    shorturl: str,
    url: str,
    title: str,
    timestamp: str,
    ip: str,
    clicks: { type: 'string', description: 'Every counted visit, bots included, as text' },
  },
};
const URL_STATS = {
  type: 'object',
  description: 'action=url-stats',
  required: ['link', 'statusCode'],
  properties: { statusCode: str, message: str, link: LINK_STATS },
};
const TOTALS = {
  type: 'object',
  properties: { total_links: str, total_clicks: str },
};
const STATS = {
  type: 'object',
  description: 'action=stats: `links` (link_1, link_2, ...) only with a `limit` above 0',
  required: ['stats', 'statusCode'],
  properties: {
    links: { type: 'object', additionalProperties: LINK_STATS },
    stats: TOTALS,
    statusCode: str,
    message: str,
  },
};
const DB_STATS = {
  type: 'object',
  description: 'action=db-stats',
  required: ['db-stats', 'statusCode'],
  properties: { 'db-stats': TOTALS, statusCode: str, message: str },
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
      content: formats({ anyOf: [SHORTURL, EXPAND, URL_STATS, STATS, DB_STATS, VERSION] }),
    }),
    ...[400, 401, 404, 429].map((status) =>
      ApiResponse({
        status,
        description: 'A failure: `{ message, errorCode }`',
        content: formats(FAILURE),
      }),
    ),
  );
