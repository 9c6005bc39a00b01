import type { FastifyBaseLogger } from 'fastify';
import { type Bindings, type ChildLoggerOptions, type LogFn, levels } from 'pino';

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
type Level = (typeof LEVELS)[number];

/** A line at `level` is written when its number is at least the threshold's ('silent' writes nothing). */
function enabled(threshold: string, level: Level): boolean {
  const at = levels.values[threshold];
  return at !== undefined && levels.values[level]! >= at;
}

/**
 * `request.log` that makes pino's child logger (the one that carries the request id) only when the
 * request writes a line (decision 108). Fastify would make that child for every request, and most
 * requests write nothing through it: the access line goes through the root logger. A line written
 * through this logger is the child's own line, byte for byte. A request costs one small object.
 */
export class RequestLogger implements FastifyBaseLogger {
  #made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  /** pino's child, made on first use. */
  get made(): FastifyBaseLogger {
    this.#made ??= this.parent.child(this.bindings, this.options);
    return this.#made;
  }

  get level(): string {
    return this.#made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.made.level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.made.child(bindings, options);
  }

  /** Writes through the child when the level is on; each of pino's level methods below calls it. */
  write(level: Level, args: unknown[]): void {
    if (enabled(this.level, level)) (this.made[level] as (...a: unknown[]) => void)(...args);
  }

  // pino's level methods, on the prototype (below).
  declare fatal: LogFn;
  declare error: LogFn;
  declare warn: LogFn;
  declare info: LogFn;
  declare debug: LogFn;
  declare trace: LogFn;
  silent(): void {}
}

for (const level of LEVELS) {
  RequestLogger.prototype[level] = function (this: RequestLogger, ...args: unknown[]) {
    this.write(level, args);
  } as LogFn;
}

/** Fastify's `childLoggerFactory`. */
export function requestLogger(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new RequestLogger(parent, bindings, options);
}
