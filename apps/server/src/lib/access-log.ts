import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * One access-log line per request (decision 023): Fastify's default writes two, «incoming request» and
 * «request completed», each through pino's request and reply serializers. The one line carries what the
 * two did (the request id from the request's logger, method, URL, client address, status, time in ms);
 * every other line Fastify writes (errors, a stream cut short, a failed serializer) is its own, unchanged.
 */
function fields(request: FastifyRequest, reply: FastifyReply) {
  return {
    method: request.method,
    url: request.url,
    ip: request.ip,
    statusCode: reply.statusCode,
    responseTime: reply.elapsedTime,
  };
}

export class AccessLog extends LogController {
  override incomingRequest(): void {}

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
