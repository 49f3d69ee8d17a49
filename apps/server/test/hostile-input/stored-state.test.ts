import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databases } from '../../src/test/databases.ts';
import { useTestApp } from '../../src/test/test-app.ts';
import { differences, fingerprint, fingerprinter, listTables } from './stored-state.ts';

describe.each(databases)('the stored-state fingerprint on $name', (database) => {
  const ctx = useTestApp(database);

  it('lists every table of the app, migrations included', async () => {
    const names = (await listTables(ctx.database.db, ctx.database.dialect)).map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['orders', 'order_items', 'payments', 'consumers', 'audit_log']));
    expect(names).toEqual(expect.arrayContaining(['menu_items', 'vendors', 'display_assets', 'kysely_migration']));
  });

  it('stays equal while nothing is stored, and names the table or menu that changed', async () => {
    const tables = await listTables(ctx.database.db, ctx.database.dialect);
    const take = () => fingerprint(ctx.app, ctx.database.db, tables, [1, 2]);
    const before = await take();
    expect(differences(before, await take())).toEqual([]);

    await sql`insert into clients (id, name) values (9999, 'Someone')`.execute(ctx.database.db);
    const added = await take();
    expect(differences(before, added)).toEqual([expect.stringMatching(/^table clients: 1 rows, \w+ → 2 rows, \w+$/)]);

    // Same row count, one value changed: a stock level, seen in the table and in vendor 2's menu.
    await sql`update menu_items set current_inventory = 7 where id = 201`.execute(ctx.database.db);
    await sql`update vendors set menu_version = menu_version + 1 where id = 2`.execute(ctx.database.db);
    // As the operations API does after a change; other processes notice menu_version within seconds.
    ctx.app.menuCache.invalidate(2);
    const changed = differences(added, await take());
    expect(changed).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^table menu_items: /),
        expect.stringMatching(/^table vendors: /),
        expect.stringMatching(/^menu of vendor 2: /),
      ]),
    );
    expect(changed.some((line) => line.startsWith('menu of vendor 1'))).toBe(false);

    // A picture's SVG is compared by its length.
    await sql`update display_assets set svg = svg || ' ' where id = (select min(id) from display_assets)`.execute(
      ctx.database.db,
    );
    const pictures = differences(added, await take()).filter((line) => line.startsWith('table display_assets'));
    expect(pictures).toHaveLength(1);
  });

  it('reads the tables again only after a write, and then sees it', async () => {
    const tables = await listTables(ctx.database.db, ctx.database.dialect);
    const take = fingerprinter(ctx.app, ctx.database.db, ctx.database.dialect, tables, [2]);
    const before = await take();
    expect(differences(before, await take())).toEqual([]);
    // A write that changes nothing moves the marker but leaves the fingerprint as it was.
    await sql`update clients set name = name`.execute(ctx.database.db);
    expect(differences(before, await take())).toEqual([]);
    await sql`update menu_items set current_inventory = 3 where id = 201`.execute(ctx.database.db);
    const after = await take();
    expect(differences(before, after)).toEqual([expect.stringMatching(/^table menu_items: /)]);
    // Every write is seen, one after another.
    await sql`insert into clients (id, name) values (9998, 'Someone else')`.execute(ctx.database.db);
    const added = await take();
    expect(differences(after, added)).toEqual([expect.stringMatching(/^table clients: /)]);
    await sql`delete from clients where id = 9998`.execute(ctx.database.db);
    expect(differences(added, await take())).toEqual([expect.stringMatching(/^table clients: /)]);
  });
});
