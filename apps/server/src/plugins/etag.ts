import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { etagOf } from '../lib/etag';

/**
 * ETags for GET and HEAD answers: a matching `If-None-Match` answers 304 without a body. @fastify/etag
 * hashed every answer, POSTs included (a lookup's answer is never revalidated): 2–5 % of a lookup's CPU.
 * Registered before compression, so the tag is of the JSON itself; an answer that already has a tag
 * (the tariff lists' cached pages) keeps it.
 */
export default fp(
  async function etagPlugin(app: FastifyInstance) {
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return done(null, payload);
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
    });
  },
  { name: 'etag' },
);
