import type { FastifyInstance } from 'fastify';
import type { PersonPages } from './person-pages';

// What moves a person's kept pages on (decision 149): their own changes, told to every node before they
// are answered; what a module says another person will see (app.people: an alert to a number's watchers);
// and the porting module's change feed, which every node hears. Anything else is bounded by
// PERSON_PAGE_TTL_MS.

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A POST that changes nothing a person's pages show (a lookup, its quota): it does not move the
     * person's kept pages on (decision 149). Every other change a signed-in person makes does.
     */
    pagesUnchanged?: boolean;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function watchPeople(app: FastifyInstance, people: PersonPages): void {
  // A change the person made through this node moves their epoch here and on every node before it is
  // answered, so that the page they load next, from any node, is drawn afresh. A callback, not an async
  // hook: every answer passes here (decision 023).
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
    app.people.changed([user.userId]).then(
      () => done(null, payload),
      (err: unknown) => {
        // This node forgot the person's pages at once; another may serve one for up to PERSON_PAGE_TTL_MS.
        request.log.warn({ err }, 'страницы личного кабинета: другие узлы не оповещены об изменении');
        done(null, payload);
      },
    );
  });

  const stopHearing = app.people.onChanged((userId) => people.moved(userId));
  let unsubscribe: (() => void) | undefined;
  app.addHook('onReady', async () => {
    // A portation changed (a step of the engine, a withdrawal, a hold): its applicant's pages, and those of
    // anyone with a kept page naming the number (its holder, a watcher).
    if (app.hasDecorator('porting')) {
      unsubscribe = app.porting.feed.subscribeAll((change) => {
        if (change.userId !== null) people.moved(change.userId);
        people.numberMoved(change.msisdn);
      });
    }
  });
  app.addHook('onClose', async () => {
    unsubscribe?.();
    stopHearing();
  });
}
