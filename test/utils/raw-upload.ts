import { ClientRequest, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestApp } from './create-test-app';

const BOUNDARY = 'XyZ';
/** What closes the file part and the body of a raw upload. */
export const RAW_UPLOAD_END = `\r\n--${BOUNDARY}--\r\n`;

/**
 * A form upload written by hand on a raw connection, to stall it, cut it or send it chunked:
 * the request is open and the file part's header sent; the caller writes the bytes, then ends
 * it (with RAW_UPLOAD_END), destroys it, or leaves it hanging.
 */
export function rawUpload(
  t: TestApp,
  authorization: string,
  filename: string,
  headers: Record<string, string>,
): ClientRequest {
  const server = t.http.listening ? t.http : t.http.listen(0);
  const { port } = server.address() as AddressInfo;
  const req = httpRequest({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/v1/file/upload',
    headers: {
      Authorization: authorization,
      'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
      ...headers,
    },
  });
  req.write(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n\r\n`,
  );
  return req;
}
