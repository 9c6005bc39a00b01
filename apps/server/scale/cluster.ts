import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/**
 * The scale-out test bench: three app nodes on one PostgreSQL database of their own and the machine's
 * Redis, behind Debian's nginx (round robin, passive health checks), all on loopback addresses.
 */

const serverEntry = resolve(fileURLToPath(new URL('.', import.meta.url)), '../src/server.ts');
/** The built web app (`npm run build`): the nodes draw its pages when it is there (issue 21's page-view mix). */
const webDist = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../web/dist');
export const hasWebBuild = existsSync(resolve(webDist, '../dist-server/entry-server.js'));

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** Network error code (ECONNRESET, ECONNREFUSED…) when no whole answer came. */
  error?: string;
  /** What was asked, for reports. */
  label?: string;
  ms: number;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Source address on the loopback network (127.0.0.2…): a distinct client as the balancer sees it. */
  from?: string;
  timeoutMs?: number;
}

const agents = new Map<string, Agent>();
function agentFor(from: string): Agent {
  let agent = agents.get(from);
  if (!agent) {
    agent = new Agent({ keepAlive: true, maxSockets: 64, localAddress: from });
    agents.set(from, agent);
  }
  return agent;
}

/** One HTTP request; resolves with the whole answer or the network error, never throws. */
export function http(url: string, options: RequestOptions = {}): Promise<Answer> {
  const started = Date.now();
  return new Promise((done) => {
    const body = options.body === undefined ? undefined : Buffer.from(options.body);
    const headers = { ...options.headers, ...(body ? { 'content-length': String(body.length) } : {}) };
    const req = httpRequest(
      url,
      { method: options.method ?? 'GET', headers, agent: agentFor(options.from ?? '127.0.0.1') },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () =>
          done({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(parts).toString('utf8'),
            ms: Date.now() - started,
          }),
        );
        res.on('error', (err: NodeJS.ErrnoException) =>
          done({ status: 0, headers: res.headers, body: '', error: err.code ?? err.message, ms: Date.now() - started }),
        );
      },
    );
    req.setTimeout(options.timeoutMs ?? 30_000, () =>
      req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })),
    );
    req.on('error', (err: NodeJS.ErrnoException) =>
      done({ status: 0, headers: {}, body: '', error: err.code ?? err.message, ms: Date.now() - started }),
    );
    req.end(body);
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}

/** A free TCP port on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

export class AppNode {
  process: ChildProcess | null = null;
  log = '';
  /** Exit code and signal of the last run, with the time it took from the signal. */
  lastExit: { code: number | null; signal: string | null; afterMs: number } | null = null;
  private signalledAt = 0;

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
    /** The node's private metrics listener (METRICS_PORT), which a Prometheus server scrapes without the token. */
    readonly metricsPort: number,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get metricsUrl(): string {
    return `http://127.0.0.1:${this.metricsPort}/metrics`;
  }

  get running(): boolean {
    return this.process !== null && this.process.exitCode === null && this.process.signalCode === null;
  }

  start(): void {
    this.lastExit = null;
    const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
      env: { ...process.env, ...this.env, PORT: String(this.port), METRICS_PORT: String(this.metricsPort) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d: Buffer) => (this.log += d));
    child.stderr?.on('data', (d: Buffer) => (this.log += d));
    child.on('exit', (code, signal) => {
      this.lastExit = { code, signal, afterMs: Date.now() - this.signalledAt };
    });
    this.process = child;
  }

  /** Waits until `/api/ready` answers 200 on the node itself. */
  async waitReady(timeoutMs = 120_000): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < timeoutMs) {
      if (!this.running) throw new Error(`${this.name} exited while starting:\n${this.log.slice(-3000)}`);
      const res = await http(`${this.url}/api/ready`, { timeoutMs: 2000 });
      if (res.status === 200) return Date.now() - started;
      await sleep(100);
    }
    throw new Error(`${this.name} not ready after ${timeoutMs} ms:\n${this.log.slice(-3000)}`);
  }

  /** Sends a signal and waits for the process to end. */
  async stop(signal: NodeJS.Signals, timeoutMs = 60_000): Promise<NonNullable<AppNode['lastExit']>> {
    const child = this.process;
    if (!child || !this.running) throw new Error(`${this.name} is not running`);
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    this.signalledAt = Date.now();
    child.kill(signal);
    await Promise.race([exited, sleep(timeoutMs)]);
    if (!this.lastExit) throw new Error(`${this.name} did not exit within ${timeoutMs} ms after ${signal}`);
    return this.lastExit;
  }
}

export interface ClusterOptions {
  nodes: number;
  postgresUrl: string;
  redisUrl: string;
}

export class Cluster {
  readonly nodes: AppNode[] = [];
  balancerUrl = '';
  /** The scale test's own database (created here, dropped at the end). */
  databaseUrl = '';
  readonly redisPrefix = `perenos-scale-${process.pid}-${randomBytes(3).toString('hex')}:`;
  /** `METRICS_TOKEN` of every node: `/metrics` through the balancer answers only with it. */
  readonly metricsToken = randomBytes(24).toString('hex');
  private nginx: ChildProcess | null = null;
  private readonly dir = mkdtempSync(join(tmpdir(), 'perenos-scale-'));
  private readonly dbName = `perenos_scale_${process.pid}_${randomBytes(3).toString('hex')}`;
  private pool: pg.Pool | null = null;

  constructor(private readonly options: ClusterOptions) {}

  /** SQL on the cluster's database (checks read and write what the nodes share). */
  async sql<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
    this.pool ??= new pg.Pool({ connectionString: this.databaseUrl, max: 4 });
    return (await this.pool.query<T>(text, values)).rows;
  }

  async start(): Promise<void> {
    const admin = new pg.Client({ connectionString: this.options.postgresUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${this.dbName}`);
    await admin.end();
    const url = new URL(this.options.postgresUrl);
    url.pathname = `/${this.dbName}`;
    this.databaseUrl = url.toString();

    const balancerPort = await freePort();
    this.balancerUrl = `http://127.0.0.1:${balancerPort}`;
    const env = {
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      // The load comes from one address through the balancer: no per-client bound of pages drawn.
      PAGE_DRAWS_PER_MINUTE: '0',
      DATABASE_URL: this.databaseUrl,
      REDIS_URL: this.options.redisUrl,
      REDIS_PREFIX: this.redisPrefix,
      PUBLIC_ORIGIN: this.balancerUrl,
      TRUST_PROXY: '127.0.0.1',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      METRICS_TOKEN: this.metricsToken,
      DRAIN_DELAY_MS: '500',
      DRAIN_TIMEOUT_MS: '20000',
      LOG_LEVEL: 'warn',
      WEB_DIST: hasWebBuild ? webDist : '/nonexistent',
      // The porting engine runs on every node; eight days to a porting window pass in about a second.
      PORTING_TIME_SCALE: '1000000',
    };
    for (let i = 1; i <= this.options.nodes; i++) {
      this.nodes.push(new AppNode(`node${i}`, await freePort(), env, await freePort()));
    }
    // All at once, as a deployment would: migrations and seeding are guarded by database locks.
    for (const node of this.nodes) node.start();
    await Promise.all(this.nodes.map((n) => n.waitReady()));
    this.startNginx(balancerPort);
    for (let i = 0; i < 100; i++) {
      if ((await http(`${this.balancerUrl}/api/health`)).status === 200) return;
      await sleep(100);
    }
    throw new Error(`nginx does not answer:\n${this.nginxLog()}`);
  }

  nginxLog(): string {
    try {
      return readFileSync(join(this.dir, 'error.log'), 'utf8').slice(-3000);
    } catch {
      return '';
    }
  }

  private balancerPort = 0;
  private writeNginxConf(): string {
    const port = this.balancerPort;
    const upstream = this.nodes.map((n) => `    server 127.0.0.1:${n.port} max_fails=1 fail_timeout=3s;`).join('\n');
    const first = this.nodes[0];
    if (!first) throw new Error('no nodes');
    const proxy = `
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      # The balancer is the edge: it names the client itself, a client-sent X-Forwarded-For is dropped.
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
      add_header X-Upstream $upstream_addr always;`;
    const conf = `
# Written by the scale test (apps/server/scale); docs/deployment.md has the production version.
daemon off;
worker_processes 1;
pid ${this.dir}/nginx.pid;
error_log ${this.dir}/error.log warn;
user root;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${this.dir}/body;
  proxy_temp_path ${this.dir}/proxy;
  fastcgi_temp_path ${this.dir}/fastcgi;
  uwsgi_temp_path ${this.dir}/uwsgi;
  scgi_temp_path ${this.dir}/scgi;
  client_max_body_size 25m;
  upstream perenos {
    # Failure marks shared by every worker.
    zone perenos 64k;
${upstream}
  }
  # The ESIA stand-in keeps its codes in one process's memory and trusts one demo certificate made by
  # that process at start, so in this test sign-in start, the stand-in's pages and the callback go to
  # one node. Real ESIA has neither limit: production sends every path to every node.
  upstream esia_standin {
    server 127.0.0.1:${first.port};
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://perenos;
      # Passive health checks: a refused connection or a 502/503/504 marks the node failed for
      # fail_timeout and the request goes to the next one (POSTs only when nothing was sent yet).
      proxy_next_upstream error timeout http_502 http_503 http_504;
      proxy_next_upstream_tries 3;${proxy}
    }
    location /esia-standin/ {
      proxy_pass http://esia_standin;${proxy}
    }
    location = /api/v1/esia/login {
      proxy_pass http://esia_standin;${proxy}
    }
    location = /api/v1/esia/callback {
      proxy_pass http://esia_standin;${proxy}
    }
  }
}
`;
    const confPath = join(this.dir, 'nginx.conf');
    writeFileSync(confPath, conf);
    return confPath;
  }

  private startNginx(port: number): void {
    for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(this.dir, sub));
    this.balancerPort = port;
    const confPath = this.writeNginxConf();
    const check = spawnSync('nginx', ['-t', '-p', this.dir, '-c', confPath, '-e', join(this.dir, 'error.log')], {
      encoding: 'utf8',
    });
    if (check.status !== 0) throw new Error(`nginx refused its configuration:\n${check.stderr}`);
    this.nginx = spawn('nginx', ['-p', this.dir, '-c', confPath, '-e', join(this.dir, 'error.log')], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
  }

  /** Waits until `probe` answers true on every node, polling each; returns the time it took (ms). */
  async seenEverywhere(probe: (node: AppNode) => Promise<boolean>, timeoutMs: number, since = Date.now()) {
    const seenAt = new Map<string, number>();
    while (seenAt.size < this.nodes.length && Date.now() - since < timeoutMs + 1000) {
      await Promise.all(
        this.nodes
          .filter((n) => !seenAt.has(n.name))
          .map(async (n) => {
            if (await probe(n)) seenAt.set(n.name, Date.now() - since);
          }),
      );
      if (seenAt.size < this.nodes.length) await sleep(25);
    }
    const worst = seenAt.size === this.nodes.length ? Math.max(...seenAt.values()) : Number.POSITIVE_INFINITY;
    return { worstMs: worst, perNode: Object.fromEntries(seenAt) };
  }

  async stop(): Promise<void> {
    for (const agent of agents.values()) agent.destroy();
    if (this.nginx && this.nginx.exitCode === null) {
      const exited = new Promise((done) => this.nginx?.once('exit', done));
      this.nginx.kill('SIGQUIT');
      await Promise.race([exited, sleep(5000)]);
      if (this.nginx.exitCode === null) this.nginx.kill('SIGKILL');
    }
    await Promise.all(this.nodes.filter((n) => n.running).map((n) => n.stop('SIGTERM').catch(() => undefined)));
    await this.pool?.end().catch(() => undefined);
    const admin = new pg.Client({ connectionString: this.options.postgresUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${this.dbName} WITH (FORCE)`);
    await admin.end();
    try {
      const { Redis } = await import('ioredis');
      const redis = new Redis(this.options.redisUrl);
      const keys = await redis.keys(`${this.redisPrefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    } catch {
      // Redis keys expire on their own (rate-limit windows); nothing else is kept there.
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
