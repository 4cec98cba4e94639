import { DocumentBuilder } from '@nestjs/swagger';

export const openApiConfig = () =>
  new DocumentBuilder()
    .setTitle('Linkdrop API')
    .setDescription(
      'Short links, text shares and file shares in one namespace. Every answer is the envelope ' +
        '`{ code, success, message, data }` (plus a stable `error` string on failures; ' +
        '`data.errors` per field on validation failures); `code` equals the HTTP status. ' +
        'Authenticate with `Authorization: Bearer <token>`, the bare `Authorization: <token>`, ' +
        'or `?signature=<token>`.',
    )
    .setVersion('1')
    .setLicense('MIT', 'https://opensource.org/licenses/MIT')
    // Paths are absolute from the service's root, whatever PUBLIC_URL it runs at.
    .addServer('{public_url}', 'The service at its PUBLIC_URL', {
      public_url: { default: 'http://localhost:3000', description: 'PUBLIC_URL of the service' },
    })
    .addBearerAuth(
      { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <token>' },
      'bearer',
    )
    .addApiKey(
      {
        type: 'apiKey',
        in: 'header',
        name: 'Authorization',
        description: 'Authorization: <token>',
      },
      'bare',
    )
    .addApiKey(
      { type: 'apiKey', in: 'query', name: 'signature', description: '?signature=<token>' },
      'signature',
    )
    .build();
