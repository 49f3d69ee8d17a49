/**
 * A store of its own for the back office editor's routes in the hostile-input sweep, made afresh
 * for each route with an item, an option group with two options, and a coupon: what a valid
 * request changes or deletes there leaves the demo stores (which the other routes' fixtures order
 * from) as they were.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.ts';
import {
  createCoupon,
  createGroup,
  createItem,
  createStore,
  type Editor,
} from '../../src/modules/catalogue/catalogue-editor.service.ts';

export interface EditorFixture {
  vendorId: number;
  storeVersion: number;
  itemId: number;
  itemVersion: number;
  groupId: number;
  groupVersion: number;
  /** an option of the group */
  optionId: number;
  couponId: number;
  couponVersion: number;
}

export const PLACEHOLDER_EDITOR_FIXTURE: EditorFixture = {
  vendorId: 0,
  storeVersion: 0,
  itemId: 0,
  itemVersion: 0,
  groupId: 0,
  groupVersion: 0,
  optionId: 0,
  couponId: 0,
  couponVersion: 0,
};

export async function makeEditorFixture(db: Kysely<Database>, nowMs: number): Promise<EditorFixture> {
  const editor: Editor = { actor: 'test', nowMs, refuse: () => null };
  const store = await createStore(
    db,
    {
      venueId: 0,
      storeName: 'Fuzz Kitchen',
      geoLocation: { latitude: -33.8688, longitude: 151.2093 },
      tts: 600_000,
      vendorOrderConfiguration: { availableServiceModes: ['TakeAway'] },
      openingHours: [{ weekday: 'monday', opens: '09:00', closes: '23:00' }],
      itemTypes: ['Mains', 'Sides'],
    },
    editor,
  );
  const vendorId = store.result.id;
  const group = await createGroup(
    db,
    vendorId,
    {
      name: 'Size',
      minimumChoices: 1,
      maximumChoices: 1,
      options: [
        { name: 'Small', isDefault: true },
        { name: 'Large', price: 100 },
      ],
    },
    editor,
  );
  const item = await createItem(
    db,
    vendorId,
    { name: 'Fuzz bowl', price: 1200, itemType: 'Mains', modifierGroupsIds: [group.result.id] },
    editor,
  );
  const coupon = await createCoupon(
    db,
    { code: `FUZZ${randomBytes(6).toString('hex').toUpperCase()}`, kind: 'fixed', value: 100, vendorId },
    editor,
  );
  return {
    vendorId,
    storeVersion: store.result.version,
    itemId: item.result.id,
    itemVersion: item.result.version,
    groupId: group.result.id,
    groupVersion: group.result.version,
    optionId: group.result.options[0]!.id,
    couponId: coupon.result.id,
    couponVersion: coupon.result.version,
  };
}
