import type { FastifyBaseLogger } from 'fastify';
import { type Bindings, type ChildLoggerOptions, levels } from 'pino';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/** A line at `level` is written when its number is at least the threshold's ('silent' writes nothing). */
function enabled(threshold: string, level: Level): boolean {
  const at = levels.values[threshold];
  return at !== undefined && levels.values[level]! >= at;
}

/**
 * `request.log` that makes pino's child logger (the one that carries the request id) only when the
 * request writes a line (decision 023). Fastify would make that child for every request, and most
 * requests write nothing through it: the access line goes through the root logger. A line written
 * through this logger is the child's own line, byte for byte. A request costs one small object.
 */
export class RequestLogger {
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

  private write(level: Level, args: unknown[]): void {
    if (enabled(this.level, level)) (this.made[level] as (...a: unknown[]) => void)(...args);
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}
}

/** Fastify's `childLoggerFactory` (the class has pino's level methods; their overloads are pino's types). */
export function requestLogger(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new RequestLogger(parent, bindings, options) as unknown as FastifyBaseLogger;
}
