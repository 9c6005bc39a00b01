import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The site's Prometheus metrics (decision 060): one registry per app (tests build several apps in one
 * process), the Node process's own metrics, and the site's families. Every name here is also in
 * docs/grafana-dashboard.json; `metrics.test.ts` checks that the two agree.
 *
 * Counters are this node's since it started (Prometheus sums them across nodes); the gauges read from the
 * database (`perenos_porting_orders`, `perenos_jobs`) are the whole site's, so every node reports the same
 * value and a dashboard takes their `max`.
 */
export class SiteMetrics {
  readonly registry = new Registry();

  private readonly httpDuration = new Histogram({
    name: 'perenos_http_request_duration_seconds',
    help: 'Время ответа на HTTP-запрос, по маршруту, методу и статусу',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  /** One child per method, route and status: prom-client's label lookup is done once, not per request. */
  private readonly httpChildren = new Map<string, ReturnType<Histogram['labels']>>();

  private readonly lookups = new Counter({
    name: 'perenos_lookups_total',
    help: 'Проверки номера: одиночные (найден или нет) и файлы пакетной проверки',
    labelNames: ['kind', 'result'] as const,
    registers: [this.registry],
  });
  private readonly quotaRefusals = new Counter({
    name: 'perenos_lookup_quota_refusals_total',
    help: 'Проверки, отклонённые лимитом (429)',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });
  private readonly pageCacheCounter = new Counter({
    name: 'perenos_page_cache_requests_total',
    help: 'Страницы из кэша страниц (hit) и нарисованные заново (miss)',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });
  private readonly notifications = new Counter({
    name: 'perenos_notifications_total',
    help: 'Отправка SMS и писем: sent, retry (попытка не удалась), failed (попытки исчерпаны), skipped (канал не настроен)',
    labelNames: ['channel', 'result'] as const,
    registers: [this.registry],
  });
  private readonly jobFailures = new Counter({
    name: 'perenos_job_failures_total',
    help: 'Неудачные запуски фоновых задач, по очереди',
    labelNames: ['queue'] as const,
    registers: [this.registry],
  });
  private readonly portingTransitions = new Counter({
    name: 'perenos_porting_transitions_total',
    help: 'Изменения заявлений и переносов, записанные этим узлом, по статусу, в который они перешли',
    labelNames: ['stage'] as const,
    registers: [this.registry],
  });
  private readonly collectErrors = new Counter({
    name: 'perenos_metrics_collect_errors_total',
    help: 'Показатели из базы данных, которые не удалось прочитать при сборе',
    labelNames: ['family'] as const,
    registers: [this.registry],
  });

  readonly lookup = {
    found: this.lookups.labels({ kind: 'single', result: 'found' }),
    notFound: this.lookups.labels({ kind: 'single', result: 'not_found' }),
    batchFile: this.lookups.labels({ kind: 'batch', result: 'file' }),
    refusedSingle: this.quotaRefusals.labels({ kind: 'single' }),
    refusedBatch: this.quotaRefusals.labels({ kind: 'batch' }),
  };

  /** The page cache's counters (issue 21): `hit()` when a page was served from it, `miss()` when drawn afresh. */
  readonly pageCache = {
    hit: () => this.pageCacheCounter.inc({ result: 'hit' }),
    miss: () => this.pageCacheCounter.inc({ result: 'miss' }),
  };

  constructor(sources: MetricSources) {
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 20 });
    const failed = (family: string, err: unknown) => {
      this.collectErrors.inc({ family });
      sources.onError(err);
    };
    const registers = [this.registry];
    new Gauge({
      name: 'perenos_porting_orders',
      help: 'Заявления на перенос по статусу (весь сайт, из базы данных)',
      labelNames: ['status'] as const,
      registers,
      async collect() {
        try {
          const rows = await sources.ordersByStatus();
          this.reset();
          for (const r of rows) this.set({ status: r.status }, r.count);
        } catch (err) {
          failed('perenos_porting_orders', err);
        }
      },
    });
    new Gauge({
      name: 'perenos_jobs',
      help: 'Фоновые задачи по очереди и состоянию: waiting, active, failed (весь сайт, из базы данных)',
      labelNames: ['queue', 'state'] as const,
      registers,
      async collect() {
        try {
          const rows = await sources.jobsByState();
          this.reset();
          for (const r of rows) this.set({ queue: r.queue, state: r.state }, r.count);
        } catch (err) {
          failed('perenos_jobs', err);
        }
      },
    });
    const pool = sources.poolStats;
    new Gauge({
      name: 'perenos_db_pool_connections',
      help: 'Пул соединений с PostgreSQL: in_use, idle, waiting (запросы ждут соединения)',
      labelNames: ['state'] as const,
      registers,
      collect() {
        // The embedded PGlite has no pool: one in-process database, nothing to wait for.
        const s = pool?.() ?? { total: 1, idle: 1, waiting: 0 };
        this.set({ state: 'in_use' }, s.total - s.idle);
        this.set({ state: 'idle' }, s.idle);
        this.set({ state: 'waiting' }, s.waiting);
      },
    });
  }

  /** Records one answered HTTP request (`route` is the route's pattern, never the raw path). */
  httpRequest(method: string, route: string, status: number, ms: number): void {
    const key = `${method} ${route} ${status}`;
    let child = this.httpChildren.get(key);
    if (!child) {
      child = this.httpDuration.labels({ method, route, status_code: String(status) });
      this.httpChildren.set(key, child);
    }
    child.observe(ms / 1000);
  }

  /** One notification attempt's outcome. */
  notification(channel: string, result: 'sent' | 'retry' | 'failed' | 'skipped'): void {
    this.notifications.inc({ channel, result });
  }

  /** A job of `queue` threw (pg-boss retries it or moves it to its dead-letter queue). */
  jobFailed(queue: string): void {
    this.jobFailures.inc({ queue });
  }

  /** A change of an order or portation was committed; `stage` is the status it moved to. */
  portingStep(stage: string): void {
    this.portingTransitions.inc({ stage });
  }

  /** The text Prometheus scrapes. */
  async text(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}

/** Where the gauges that describe the whole site read their values. */
export interface MetricSources {
  ordersByStatus(): Promise<{ status: string; count: number }[]>;
  jobsByState(): Promise<{ queue: string; state: string; count: number }[]>;
  poolStats: (() => { total: number; idle: number; waiting: number }) | undefined;
  onError(err: unknown): void;
}
