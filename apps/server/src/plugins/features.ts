import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../lib/problem';
import { addRouteHook } from '../lib/route-hooks';
import { type Feature, listFeatures } from '../modules/settings';

declare module 'fastify' {
  interface FastifyInstance {
    /** The feature flags as this node last read them from the database (re-read every `FLAGS_POLL_MS`). */
    features: FeatureFlags;
  }
  interface FastifyContextConfig {
    /** The route belongs to a switchable feature: while it is off the route answers 404 «Запись не найдена». */
    feature?: Feature;
  }
}

/** A per-node cache of the flags table; every node polls it, so a switch reaches all nodes within one period. */
export class FeatureFlags {
  private enabled = new Set<Feature>();
  private timer: NodeJS.Timeout | null = null;
  /** The read under way, if any. */
  private loading: Promise<void> | null = null;
  /** One more read, after the one under way: what callers asking meanwhile wait for. */
  private queued: Promise<void> | null = null;

  constructor(
    private readonly app: FastifyInstance,
    private readonly pollMs: number,
    /** How the flags table is read (the settings module's face; a test holds its reads). */
    private readonly list: () => ReturnType<typeof listFeatures> = () => listFeatures(app.db),
  ) {}

  isEnabled(feature: Feature): boolean {
    return this.enabled.has(feature);
  }

  /**
   * Reads the flags now (a switch by the staff, a test that switched one). A read already under way may
   * have begun before the caller's change, so the caller waits for one that begins after it (shared by
   * everyone asking meanwhile), never for that one.
   */
  refresh(): Promise<void> {
    if (!this.loading) return this.read();
    this.queued ??= this.loading
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.read();
      });
    return this.queued;
  }

  private read(): Promise<void> {
    const loading = this.list()
      .then((rows) => {
        this.enabled = new Set(rows.filter((r) => r.isEnabled).map((r) => r.feature));
      })
      .finally(() => {
        if (this.loading === loading) this.loading = null;
      });
    this.loading = loading;
    return loading;
  }

  start(): void {
    this.timer = setInterval(() => {
      // A failed read keeps the last known flags; readiness reports the database itself.
      this.refresh().catch((err: unknown) => this.app.log.warn({ err }, 'feature flags: re-read failed'));
    }, this.pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await (this.queued ?? this.loading)?.catch(() => undefined);
  }
}

/**
 * Flags enforced by the API, not only by the browser: a route declares `config: { feature: 'News' }`
 * and answers 404 while News is off. Runs before sign-in, so a switched-off feature looks the same to
 * everyone.
 */
export default fp(
  async function featuresPlugin(app: FastifyInstance, opts: { pollMs: number }) {
    const flags = new FeatureFlags(app, opts.pollMs);
    app.decorate('features', flags);
    // A database without tables yet (the OpenAPI printer) starts with every feature off; the poll catches up.
    await flags.refresh().catch((err: unknown) => app.log.warn({ err }, 'feature flags: not read at start'));
    app.addHook('onReady', async () => flags.start());
    // Stop polling before the database closes (preClose runs before any onClose hook).
    app.addHook('preClose', async () => flags.stop());
    // Only the routes of a feature carry the check (decision 108): it runs right after the hooks every
    // request runs, before sign-in is required, so a switched-off feature looks the same to everyone.
    app.addHook('onRoute', (route) => {
      const feature = route.config?.feature;
      if (feature === undefined) return;
      addRouteHook(route, 'onRequest', (_request, _reply, done) => {
        if (!flags.isEnabled(feature)) throw notFound();
        done();
      });
    });
  },
  { name: 'features', dependencies: ['database'] },
);
