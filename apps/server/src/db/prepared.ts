/**
 * Statements built once and run many times: a hot statement's Kysely builder and compiler cost
 * 4–30 µs a call (decision 046), more than running it on SQLite. `prepared(build)` builds and
 * compiles the statement the first time each shape of its values is met on a database engine,
 * with a placeholder for each value, and later calls send the compiled SQL with their own values.
 *
 * A shape is which of the values' keys are defined, in order (nested plain objects included): an
 * undefined key is left out of the statement as the builder would leave it out (an insert's column
 * takes its default), so a prepared statement writes exactly what the built one wrote.
 *
 * `build` must make the statement's text from the values' shape alone: a value may go where the
 * builder makes it a parameter (`values`, `set`, `where(…, '=', v)`, `${v}` in `sql`), never where
 * its content changes the text (`in` with a list, `is`, an `if`). A placeholder used as a value
 * (printed, compared, serialised) throws, so a build that reads a value fails on its first call.
 * A call whose values hold an expression (`sql`…``, a function of the expression builder) is built
 * as it comes, as without `prepared`.
 *
 * A piece of the statement that another module makes from values of its own (an Idempotency-Key's
 * answer, an event's subject and mark) is a `Part`: its `make` and its values. The build places
 * `part.in(qb)`, and the part's values are placed like the statement's own, so a statement carrying
 * parts is built once per shape too; the shape names each part's `make`. A statement keeps at most
 * MAX_SHAPES shapes: a caller making a new `make` at every call (a closure) is built as it comes.
 */
import { CompiledQuery, type Compilable, type Kysely, type QueryResult, type RawBuilder } from 'kysely';
import type { Database } from './schema.ts';

/** A value's place in a statement while it is built: its path in the values. */
class Placeholder {
  constructor(readonly path: readonly string[]) {}
  private refuse(): never {
    throw new Error(`prepared: the statement's build read the value ${this.path.join('.')}; it may only place it`);
  }
  toString(): string {
    return this.refuse();
  }
  valueOf(): never {
    return this.refuse();
  }
  toJSON(): never {
    return this.refuse();
  }
  [Symbol.toPrimitive](): never {
    return this.refuse();
  }
}

/**
 * A piece of a statement made from values (see above). `make` may place its values, never read
 * them; the same `make` with values of the same shape must make the same text.
 */
export class Part<P extends object = object, T = RawBuilder<unknown>> {
  constructor(
    readonly make: PartMaker<P, T>,
    readonly values: P,
  ) {}

  /** What the part makes, on the database the statement is built on. */
  in(db: Kysely<Database>): T {
    return this.make(this.values, db);
  }
}

/** A part's `make` (a method's type, so that a part of any values is a Part<object, T>). */
type PartMaker<P, T> = { make(values: P, db: Kysely<Database>): T }['make'];

/** The most shapes a prepared statement keeps (parts made by closures would add one per call). */
const MAX_SHAPES = 64;

/** Each part's `make`, numbered as first met: a shape names it by number. */
const makers = new WeakMap<object, number>();
let lastMakerId = 0;
const makerId = (make: object): number => {
  let id = makers.get(make);
  if (id === undefined) makers.set(make, (id = lastMakerId += 1));
  return id;
};

interface Compiled {
  sql: string;
  /** per parameter: where its value is in the values, or the constant the build put there */
  parameters: ReadonlyArray<Placeholder | { constant: unknown }>;
}

type Values = Record<string, unknown>;

function isPlainObject(value: unknown): value is Values {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/** A value the builder would make part of the statement's text: an expression, or a function making one. */
function isExpression(value: unknown): boolean {
  return (
    typeof value === 'function' ||
    (typeof value === 'object' &&
      value !== null &&
      typeof (value as { toOperationNode?: unknown }).toOperationNode === 'function')
  );
}

/**
 * The key of the values' shape: their defined keys, in order, nested plain objects included; null
 * when a value is an expression (such a call is built as it comes).
 */
function shapeKey(values: Values): string | null {
  let key = '';
  for (const name in values) {
    const value = values[name];
    if (value === undefined) continue;
    if (isPlainObject(value)) {
      const inner = shapeKey(value);
      if (inner === null) return null;
      key += `${name}{${inner}}`;
    } else if (value instanceof Part) {
      const inner = shapeKey(value.values as Values);
      if (inner === null) return null;
      key += `${name}<${makerId(value.make)}>{${inner}}`;
    } else if (isExpression(value)) {
      return null;
    } else {
      key += `${name},`;
    }
  }
  return key;
}

/** The values' shape with a placeholder for each value. */
function placeholdersOf(values: Values, path: readonly string[]): Values {
  const placeholders: Values = {};
  for (const name in values) {
    const value = values[name];
    if (value === undefined) continue;
    placeholders[name] = isPlainObject(value)
      ? placeholdersOf(value, [...path, name])
      : value instanceof Part
        ? new Part(value.make, placeholdersOf(value.values as Values, [...path, name]))
        : new Placeholder([...path, name]);
  }
  return placeholders;
}

/** A value by its path in the values (the shape says it is there). */
function valueAt(values: Values, path: readonly string[]): unknown {
  let value: unknown = values;
  for (const name of path) value = (value instanceof Part ? (value.values as Values) : (value as Values))[name];
  return value;
}

/**
 * A statement built and compiled once per engine and shape of its values (see above). The
 * result is the driver's: `rows` (typed as the build's), `numAffectedRows`, `insertId`.
 */
export function prepared<DB, V extends Values, O>(
  build: (db: Kysely<DB>, values: V) => Compilable<O> | RawBuilder<O>,
): (db: Kysely<DB>, values: V) => Promise<QueryResult<O>> {
  // A builder compiles itself; `sql` compiles on the database it is given (a builder ignores it).
  const compile = (db: Kysely<DB>, values: V) =>
    (build(db, values) as { compile(on: Kysely<DB>): CompiledQuery<O> }).compile(db);
  // By the engine's adapter, which a database's transactions share with it.
  const byEngine = new WeakMap<object, Map<string, Compiled>>();
  const compiledFor = (db: Kysely<DB>, key: string, values: V): Compiled | null => {
    const engine = db.getExecutor().adapter;
    let shapes = byEngine.get(engine);
    if (!shapes) byEngine.set(engine, (shapes = new Map()));
    let compiled = shapes.get(key);
    if (!compiled) {
      if (shapes.size >= MAX_SHAPES) return null;
      const query = compile(db, placeholdersOf(values, []) as V);
      compiled = {
        sql: query.sql,
        parameters: query.parameters.map((value) => (value instanceof Placeholder ? value : { constant: value })),
      };
      shapes.set(key, compiled);
    }
    return compiled;
  };
  return (db, values) => {
    let query: CompiledQuery<O>;
    try {
      const key = shapeKey(values);
      const compiled = key === null ? null : compiledFor(db, key, values);
      if (compiled === null) {
        query = compile(db, values);
      } else {
        const parameters = compiled.parameters.map((slot) =>
          slot instanceof Placeholder ? valueAt(values, slot.path) : slot.constant,
        );
        query = CompiledQuery.raw(compiled.sql, parameters) as CompiledQuery<O>;
      }
    } catch (error) {
      return Promise.reject(error as Error);
    }
    return db.executeQuery(query);
  };
}
