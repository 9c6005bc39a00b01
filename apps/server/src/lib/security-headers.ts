import type { ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for these options, computed once: helmet's own middleware rebuilds its
 * header values on every call. Helmet removes X-Powered-By, which Fastify never sends.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader() {},
  } as unknown as ServerResponse;
  helmet(options)({} as never, response, () => {});
  return headers;
}
