import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * One access-log line per request (decision 023): Fastify's default writes two, «incoming request» and
 * «request completed», each through pino's request and reply serializers. The one line carries what the
 * two did (the request id from the request's logger, method, URL without its secrets, client address,
 * status, time in ms);
 * every other line Fastify writes (errors, a stream cut short, a failed serializer) is its own, unchanged.
 */
/**
 * Query parameters whose values are a sign-in's secrets, never written to the log (issue 24): ESIA's
 * authorization `code` and the `state` beside it in the callback, the `client_secret` of the stand-in's
 * authorize address, and any token an address might carry.
 */
const SECRET_NAMES = new Set(['code', 'state', 'client_secret', 'access_token', 'id_token', 'refresh_token', 'token']);

/** A query parameter's name as the query parser reads it (`%63ode` is `code`); null when it does not decode. */
function decodedName(raw: string): string | null {
  if (!raw.includes('%') && !raw.includes('+')) return raw.toLowerCase();
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return null;
  }
}

/**
 * The request's address as the log writes it: secret query values replaced with `***`. A parameter is
 * known by its decoded name, as the route reads it: `?%63ode=…` is the callback's `code` too (issue 35);
 * a name that does not decode is hidden with its value, since what the parser makes of it is unknown.
 */
export function loggedUrl(url: string): string {
  // Most addresses have no query at all: nothing to look at.
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const pairs = url.slice(mark + 1).split('&');
  let changed = false;
  for (let i = 0; i < pairs.length; i++) {
    const pair = pairs[i] as string;
    const eq = pair.indexOf('=');
    const name = eq < 0 ? pair : pair.slice(0, eq);
    const decoded = decodedName(name);
    if (decoded !== null && !SECRET_NAMES.has(decoded)) continue;
    if (decoded === null) pairs[i] = '***';
    else if (eq >= 0) pairs[i] = `${name}=***`;
    else continue;
    changed = true;
  }
  return changed ? `${url.slice(0, mark + 1)}${pairs.join('&')}` : url;
}

/**
 * pino's `req` serializer for the lines Fastify writes with the request (a 5xx, a failed writeHead):
 * Fastify's own fields, the URL without its secrets.
 */
export function requestSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggedUrl(request.url),
    version: String(request.headers?.['accept-version'] ?? '') || undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

function fields(request: FastifyRequest, reply: FastifyReply) {
  return {
    method: request.method,
    url: loggedUrl(request.url),
    ip: request.ip,
    statusCode: reply.statusCode,
    responseTime: reply.elapsedTime,
  };
}

export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override routeNotFound(request: FastifyRequest): void {
    request.log.info(`Route ${request.method}:${loggedUrl(request.raw.url ?? '')} not found`);
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      reply.log.error({ ...fields(request, reply), err: error }, 'request errored');
      return;
    }
    // Through the root logger with the request id as a field: the line the request's own logger would
    // write, without making that logger for every request (lib/request-logger.ts).
    request.server.log.info({ reqId: request.id, ...fields(request, reply) }, 'request completed');
  }
}
