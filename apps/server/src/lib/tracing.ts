/**
 * OpenTelemetry traces (docs/operations.md, Traces), on only when OTEL_EXPORTER_OTLP_ENDPOINT is
 * set. This file imports OpenTelemetry's types only: the SDK is loaded by `startTracing`, so with
 * tracing off nothing of it is loaded, and nothing here runs per request (the app adds its hooks,
 * the traced database dialect and the traced gateway, push sender and event bus only when on).
 *
 * Spans: one per HTTP request (`GET /v1/venue/:venueId/vendors`), each database statement made
 * while a span is active (`select orders`, SQL text with placeholders, never the values), the
 * payment gateway's and the push sender's calls, each ops event published, and each write of a
 * published event to a customer's or a staff stream (`ops_events deliver`, a child of the publish
 * span through the traceparent kept in the event's row, on whichever node writes it).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { hostname } from 'node:os';
import type { Attributes, Span, SpanOptions, Tracer } from '@opentelemetry/api';
import type { CompiledQuery, DatabaseConnection, Dialect as KyselyDialect } from 'kysely';

export interface TracingConfig {
  /** the collector's base address (OTEL_EXPORTER_OTLP_ENDPOINT); spans go to its /v1/traces */
  endpoint: string;
  /** service.name of every span (OTEL_SERVICE_NAME) */
  serviceName: string;
}

type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

export interface Tracing {
  /** pino's mixin: the active span's trace_id and span_id on every log line */
  logMixin(): Record<string, string>;
  /** The server's request listener, each request run inside its own server span. */
  tracedListener(listener: RequestListener): RequestListener;
  /** Names a request's span by its method and route pattern once the route is known. */
  nameRequest(request: IncomingMessage, method: string, route: string | undefined): void;
  /** A Kysely dialect whose statements are spans (made only inside another span: requests, not timers). */
  tracedDialect(dialect: KyselyDialect, system: 'sqlite' | 'postgresql'): KyselyDialect;
  /**
   * `target` with `methods` each run in a span `<prefix> <method>` (or `<prefix> <spanNames[method]>`,
   * for methods that are one operation under two names), its other members as they are.
   */
  tracedMethods<T extends object>(
    target: T,
    prefix: string,
    methods: readonly (keyof T & string)[],
    attributesOf?: (args: unknown[]) => Attributes,
    spanNames?: Partial<Record<keyof T & string, string>>,
  ): T;
  /** An async function run in a span named `name`. */
  tracedFunction<A extends unknown[], R>(name: string, run: (...args: A) => Promise<R>): (...args: A) => Promise<R>;
  /** Events' trace context and their delivery spans (modules/events/event-bus.ts, EventTracing). */
  events: {
    traceParent(): string | undefined;
    withParent<T>(traceParent: string | undefined, run: () => T): T;
    delivered(traceParent: string, attributes: Attributes, startTime?: number): void;
  };
  /** Sends the spans still buffered and stops. */
  shutdown(): Promise<void>;
}

/** The first table a statement names (`from`, `into`, `update`), quoted or not. */
const TABLE = /\b(?:from|into|update)\s+"?([A-Za-z_][\w]*)"?/i;
const OPERATION = /^\s*([A-Za-z]+)/;

/** A W3C traceparent: version 00, trace id, parent span id, flags. */
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/** A span's context as a W3C traceparent (`00-<trace id>-<span id>-<flags>`). */
export function formatTraceParent(span: { traceId: string; spanId: string; traceFlags: number }): string {
  return `00-${span.traceId}-${span.spanId}-${span.traceFlags.toString(16).padStart(2, '0')}`;
}

/** The span context a traceparent names, or null when it is not one. */
export function parseTraceParent(
  traceParent: string | undefined,
): { traceId: string; spanId: string; traceFlags: number } | null {
  const match = traceParent === undefined ? null : TRACEPARENT.exec(traceParent);
  if (!match || /^0+$/.test(match[1]!) || /^0+$/.test(match[2]!)) return null;
  return { traceId: match[1]!, spanId: match[2]!, traceFlags: Number.parseInt(match[3]!, 16) };
}

/** A statement's span name: its kind and first table (`select orders`, `begin`). */
export function statementName(sql: string): string {
  const operation = (OPERATION.exec(sql)?.[1] ?? 'query').toLowerCase();
  const table = TABLE.exec(sql)?.[1];
  return table ? `${operation} ${table}` : operation;
}

/** Starts the SDK and answers what the app wires in; loads OpenTelemetry now, not before. */
export async function startTracing(config: TracingConfig): Promise<Tracing> {
  const [api, sdk, otlp, resources] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
  ]);
  const { context, propagation, trace, ROOT_CONTEXT, SpanKind, SpanStatusCode } = api;
  const exporter = new otlp.OTLPTraceExporter({ url: `${config.endpoint.replace(/\/+$/, '')}/v1/traces` });
  const provider = new sdk.NodeTracerProvider({
    // The node a span comes from (a stream's delivery is written by whichever node holds the stream).
    resource: resources.resourceFromAttributes({
      'service.name': config.serviceName,
      'host.name': hostname(),
      'process.pid': process.pid,
    }),
    spanProcessors: [new sdk.BatchSpanProcessor(exporter)],
  });
  // The AsyncLocalStorage context manager and the W3C traceparent propagator.
  provider.register();
  const tracer: Tracer = trace.getTracer('venue-server');
  const requestSpans = new WeakMap<IncomingMessage, Span>();

  const failed = (span: Span, error: unknown) => {
    span.recordException(error instanceof Error ? error : String(error));
    span.setStatus({ code: SpanStatusCode.ERROR });
  };
  const inSpan = <R>(name: string, options: SpanOptions, run: () => Promise<R>): Promise<R> =>
    tracer.startActiveSpan(name, options, async (span) => {
      try {
        return await run();
      } catch (error) {
        failed(span, error);
        throw error;
      } finally {
        span.end();
      }
    });

  /** The context whose parent is the span a traceparent names (none: the root, outside any span). */
  const parentOf = (traceParent: string | undefined) => {
    const parent = parseTraceParent(traceParent);
    return parent ? trace.setSpanContext(ROOT_CONTEXT, { ...parent, isRemote: true }) : ROOT_CONTEXT;
  };

  const tracedConnection = (connection: DatabaseConnection, system: string): DatabaseConnection => {
    const execute = connection.executeQuery.bind(connection);
    connection.executeQuery = <R>(query: CompiledQuery) => {
      if (!trace.getActiveSpan()) return execute<R>(query);
      return inSpan(
        statementName(query.sql),
        { kind: SpanKind.CLIENT, attributes: { 'db.system': system, 'db.statement': query.sql } },
        () => execute<R>(query),
      );
    };
    return connection;
  };

  return {
    logMixin(): Record<string, string> {
      const span = trace.getActiveSpan();
      if (!span) return {};
      const { traceId, spanId } = span.spanContext();
      return { trace_id: traceId, span_id: spanId };
    },
    tracedListener(listener) {
      return (request, response) => {
        const parent = propagation.extract(context.active(), request.headers);
        const method = request.method ?? 'GET';
        const span = tracer.startSpan(
          method,
          {
            kind: SpanKind.SERVER,
            attributes: {
              'http.request.method': method,
              'url.path': (request.url ?? '/').split('?')[0],
              'network.protocol.version': request.httpVersion,
            },
          },
          parent,
        );
        requestSpans.set(request, span);
        response.once('close', () => {
          span.setAttribute('http.response.status_code', response.statusCode);
          if (response.statusCode >= 500 || !response.writableFinished) span.setStatus({ code: SpanStatusCode.ERROR });
          span.end();
        });
        context.with(trace.setSpan(parent, span), () => listener(request, response));
      };
    },
    nameRequest(request, method, route) {
      if (route === undefined) return;
      const span = requestSpans.get(request);
      span?.updateName(`${method} ${route}`);
      span?.setAttribute('http.route', route);
    },
    tracedDialect(dialect, system) {
      return {
        createAdapter: () => dialect.createAdapter(),
        createQueryCompiler: () => dialect.createQueryCompiler(),
        createIntrospector: (db) => dialect.createIntrospector(db),
        createDriver: () => {
          const driver = dialect.createDriver();
          const acquire = driver.acquireConnection.bind(driver);
          const traced = new WeakSet<DatabaseConnection>();
          driver.acquireConnection = async () => {
            const connection = await acquire();
            if (!traced.has(connection)) traced.add(tracedConnection(connection, system));
            return connection;
          };
          return driver;
        },
      };
    },
    tracedMethods(target, prefix, methods, attributesOf, spanNames) {
      const wrapped = new Map<PropertyKey, unknown>();
      for (const name of methods) {
        const method = target[name] as (...args: unknown[]) => Promise<unknown>;
        wrapped.set(name, (...args: unknown[]) =>
          inSpan(
            `${prefix} ${spanNames?.[name] ?? name}`,
            { kind: SpanKind.CLIENT, attributes: attributesOf?.(args) },
            () => method.apply(target, args),
          ),
        );
      }
      return new Proxy(target, {
        get(object, key) {
          if (wrapped.has(key)) return wrapped.get(key);
          const value: unknown = Reflect.get(object, key, object);
          return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(object) : value;
        },
      });
    },
    tracedFunction(name, run) {
      return (...args) => inSpan(name, { kind: SpanKind.CLIENT }, () => run(...args));
    },
    events: {
      traceParent() {
        const span = trace.getActiveSpan();
        return span ? formatTraceParent(span.spanContext()) : undefined;
      },
      withParent(traceParent, run) {
        return context.with(parentOf(traceParent), run);
      },
      delivered(traceParent, attributes, startTime) {
        const options: SpanOptions = { kind: SpanKind.CONSUMER, attributes };
        if (startTime !== undefined) options.startTime = startTime;
        tracer.startSpan('ops_events deliver', options, parentOf(traceParent)).end();
      },
    },
    async shutdown() {
      await provider.shutdown();
    },
  };
}
