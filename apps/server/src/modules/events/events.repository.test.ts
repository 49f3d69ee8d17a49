import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.ts';
import { databases } from '../../test/databases.ts';
import { eventIdRange, eventIdRangeQuery, insertEvent, trimEvents } from './events.repository.ts';

describe.each(databases)('the event log’s id range on $name', (database) => {
  let handle: DatabaseHandle & { dispose(): Promise<void> };

  beforeAll(async () => {
    handle = await database.create();
  });
  afterAll(async () => {
    await handle?.dispose();
  });

  const event = (createdAt: number) => ({
    vendor_id: 1,
    order_id: null,
    type: 'vendor',
    data: '{}',
    created_at: createdAt,
    trace_parent: null,
  });

  it('is empty for an empty log, then the first and last ids kept, also after a trim', async () => {
    expect(await eventIdRange(handle.db)).toEqual({ oldest: null, newest: null });
    const ids: number[] = [];
    for (let i = 0; i < 6; i += 1) ids.push((await insertEvent(handle.db, event(1_000 + i))).id);
    expect(await eventIdRange(handle.db)).toEqual({ oldest: ids[0], newest: ids[5] });
    // Keep the newest four.
    expect(await trimEvents(handle.db, 0, 4)).toBe(2);
    expect(await eventIdRange(handle.db)).toEqual({ oldest: ids[2], newest: ids[5] });
  });

  it('reads each end of the key, not the whole log', async () => {
    const query = eventIdRangeQuery(handle.db).compile();
    const plan = (
      await handle.db.executeQuery<Record<string, unknown>>(
        CompiledQuery.raw(`${database.name === 'sqlite' ? 'explain query plan' : 'explain'} ${query.sql}`, [
          ...query.parameters,
        ]),
      )
    ).rows
      .map((row) => String(row.detail ?? row['QUERY PLAN']))
      .join('\n');
    // SQLite plans one statement with both min(id) and max(id) as "SCAN ops_events" (every entry
    // of an index), and each alone as a SEARCH of one end. PostgreSQL reads both ends either way
    // (a Limit over an index scan for each); an Aggregate or a Seq Scan would read every event.
    expect(plan).not.toMatch(/\bSCAN ops_events\b|Seq Scan|Aggregate/);
  });
});
