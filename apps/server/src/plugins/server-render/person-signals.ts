import type { FastifyInstance } from 'fastify';
import type { PersonPages } from './person-pages';

// What moves a person's kept pages on (decision 149): what app.people tells (their own changes, told to every
// node before they are answered; what a module says another person will see: an alert to a number's watchers);
// and the porting module's change feed, which every node hears. Anything else is bounded by
// PERSON_PAGE_TTL_MS.

export function watchPeople(app: FastifyInstance, people: PersonPages): void {
  // A change the person made is told by plugins/people.ts, on every node, before it is answered.
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
