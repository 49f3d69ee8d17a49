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
 */
import { CompiledQuery, type Compilable, type Kysely, type QueryResult, type RawBuilder } from 'kysely';

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
      : new Placeholder([...path, name]);
  }
  return placeholders;
}

/** A value by its path in the values (the shape says it is there). */
function valueAt(values: Values, path: readonly string[]): unknown {
  let value: unknown = values;
  for (const name of path) value = (value as Values)[name];
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
  const compiledFor = (db: Kysely<DB>, key: string, values: V): Compiled => {
    const engine = db.getExecutor().adapter;
    let shapes = byEngine.get(engine);
    if (!shapes) byEngine.set(engine, (shapes = new Map()));
    let compiled = shapes.get(key);
    if (!compiled) {
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
      if (key === null) {
        query = compile(db, values);
      } else {
        const compiled = compiledFor(db, key, values);
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
