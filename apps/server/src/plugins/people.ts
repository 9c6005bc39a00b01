import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Broadcast } from '../lib/broadcast';

declare module 'fastify' {
  interface FastifyInstance {
    /** Who has new data to see: told to every node (decision 149). */
    people: People;
  }
}

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
