import type { FastifyInstance, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { etagOf } from '../lib/etag';
import { addRouteHook } from '../lib/route-hooks';

/** Tags a GET or HEAD answer, and answers 304 without a body when the caller already has it. */
const tagAnswer: onSendHookHandler = (request, reply, payload, done) => {
  let tag = reply.getHeader('etag');
  if (tag === undefined) {
    // Streams (files) are left alone.
    if (typeof payload !== 'string' && !(payload instanceof Buffer)) return done(null, payload);
    tag = etagOf(payload);
    reply.header('etag', tag);
  }
  const match = request.headers['if-none-match'];
  if (match !== undefined && (match === tag || match === `W/${tag}` || `W/${match}` === tag)) {
    reply.code(304);
    return done(null, '');
  }
  done(null, payload);
};

/**
 * ETags for GET and HEAD answers: a matching `If-None-Match` answers 304 without a body. @fastify/etag
 * hashed every answer, POSTs included (a lookup's answer is never revalidated): 2–5 % of a lookup's CPU;
 * only GET and HEAD routes carry this hook, so a POST never runs it.
 * Registered before compression, so the tag is of the JSON itself; an answer that already has a tag
 * (the tariff lists' cached pages) keeps it.
 */
export default fp(
  async function etagPlugin(app: FastifyInstance) {
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const head = methods.includes('HEAD');
      // A HEAD route's own hook drops the body: the tag is taken from it first, as for its GET.
      if (head || methods.includes('GET')) addRouteHook(route, 'onSend', tagAnswer, { first: head });
    });
  },
  { name: 'etag' },
);
