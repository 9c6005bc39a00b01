import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Broadcast } from '../lib/broadcast';

declare module 'fastify' {
  interface FastifyInstance {
    /** Who has new data to see: told to every node (decision 149). */
    people: People;
  }
  interface FastifyContextConfig {
    /**
     * A POST that changes nothing a person's pages or documents show (a lookup, its quota): it does not
     * tell app.people (decision 149). Every other change a signed-in person makes does.
     */
    pagesUnchanged?: boolean;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * That a person's data changed, told to every node (decision 149): a node keeping that person's pages
 * draws them again. Said by a change the person made (plugins/server-render/person-signals.ts) and by a
 * module's change that another person sees (an alert to a number's watchers).
 */
export interface People {
  /** Tells this node at once and every other through the broadcast; resolves once the message is sent. */
  changed(userIds: readonly number[]): Promise<void>;
  /** Calls `listener` with every person changed on any node; returns the function that stops it. */
  onChanged(listener: (userId: number) => void): () => void;
}

/** The broadcast channel of people's changes. */
const CHANNEL = 'perenos_person';

export default fp(
  async function peoplePlugin(app: FastifyInstance) {
    const listeners = new Set<(userId: number) => void>();
    const tell = (userId: number) => {
      for (const listener of listeners) listener(userId);
    };
    // This node's name on the channel: it told its own listeners already when it hears its message back.
    const node = randomUUID();
    const channel = new Broadcast(app.database, app.redis, app.redisPrefix, CHANNEL, (err) =>
      app.log.warn({ err }, 'оповещение узлов об изменении данных человека'),
    );
    const people: People = {
      async changed(userIds) {
        if (userIds.length === 0) return;
        for (const userId of userIds) tell(userId);
        await channel.send(`${node} ${userIds.join(',')}`);
      },
      onChanged(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    app.decorate('people', people);

    // A change the person made through this node is told here and on every node before it is answered,
    // so that what they load next, from any node, is read afresh. A callback, not an async hook: every
    // answer passes here (decision 023).
    app.addHook('onSend', (request, reply, payload, done) => {
      const user = request.user;
      if (
        !user ||
        READS.has(request.method) ||
        reply.statusCode >= 400 ||
        // The matched route's word, not the address's text.
        request.routeOptions.config.pagesUnchanged === true
      ) {
        return done(null, payload);
      }
      people.changed([user.userId]).then(
        () => done(null, payload),
        (err: unknown) => {
          // This node forgot at once; another may answer what it kept for up to its bound (10 s).
          request.log.warn({ err }, 'другие узлы не оповещены об изменении данных человека');
          done(null, payload);
        },
      );
    });
    app.addHook('onReady', async () => {
      await channel.start((payload) => {
        const [from, ids] = payload.split(' ');
        if (from === node || !ids) return;
        for (const id of ids.split(',')) {
          const userId = Number(id);
          if (Number.isSafeInteger(userId)) tell(userId);
        }
      });
    });
    app.addHook('onClose', async () => {
      listeners.clear();
      await channel.close();
    });
  },
  { name: 'people', dependencies: ['database', 'redis'] },
);
