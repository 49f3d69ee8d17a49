import type { VenueCatalogue } from '@venue/contract/venue-catalogue';
import { OPS_TOKEN } from '@venue/test-harness/server';
import type { BenchContext, Section, SectionResult } from '../lib/section.ts';
import { formatMs } from '../lib/table.ts';

/** Issue 14: importing a 2,000-item venue takes at most 2 s on SQLite. */
const GOAL_MS = 2_000;
const VENDORS = 10;
const ITEMS_PER_VENDOR = 200;
const GROUPS_PER_VENDOR = 20;
const MODIFIERS_PER_GROUP = 5;
const VENUE_ID = 900;

/** A generated venue: 10 vendors of 200 items, each item with 2 of its vendor's 20 option groups of 5 options. */
export function generatedCatalogue(priceBump = 0): VenueCatalogue {
  const base = VENUE_ID * 1_000;
  return {
    version: 1,
    venue: {
      id: VENUE_ID,
      clientId: VENUE_ID,
      name: 'Benchmark Arena',
      timeZone: 'Australia/Sydney',
      address: '1 Benchmark Way',
      geoLocation: { latitude: -33.85, longitude: 151.06 },
      gstRate: 1000,
    },
    vendors: Array.from({ length: VENDORS }, (_, v) => {
      const vendorId = base + v;
      const groupId = (g: number) => base * 10 + v * 100 + g;
      const modifierId = (g: number, m: number) => base * 100 + v * 1_000 + g * 10 + m;
      return {
        id: vendorId,
        storeName: `Store ${v + 1}`,
        phoneNumber: '(02) 9000 0000',
        location: `Gate ${v + 1}`,
        displayAssets: { thumbnailAssetId: null, locationImageAssetId: null },
        geoLocation: { latitude: -33.85, longitude: 151.06 },
        tts: 600_000,
        isOpen: true,
        isPaused: false,
        vendorOrderConfiguration: {
          availableServiceModes: ['TakeAway'],
          defaultOrderServiceMode: 'TakeAway',
          preOrderBufferDuration: 0,
          maxBurdenPerOrder: null,
          deliveryMinAmount: null,
          allowApplePay: true,
          allowGooglePay: true,
          isCouponPaymentAllowed: true,
          deliveryMaxDistance: 0,
          deliveryTimeBuffer: 0,
          serviceCharges: [],
        },
        openingHours: [{ weekday: 'monday', opens: '00:00', closes: '24:00' }],
        itemTypes: ['Mains', 'Sides', 'Drinks'],
        items: Array.from({ length: ITEMS_PER_VENDOR }, (_, i) => ({
          id: base * 1_000 + v * 1_000 + i,
          name: `Item ${i + 1} of store ${v + 1}`,
          description: 'A generated item with a description of a usual length for a menu, a sentence or two.',
          price: 500 + i * 10 + priceBump,
          itemType: ['Mains', 'Sides', 'Drinks'][i % 3]!,
          displayOrder: (i + 1) * 10,
          visible: true,
          currentInventory: i % 7 === 0 ? 50 : null,
          burden: 1,
          isRestricted: false,
          displayAssetId: null,
          modifierGroupsIds: [groupId(i % GROUPS_PER_VENDOR), groupId((i + 1) % GROUPS_PER_VENDOR)],
          availability: null,
          gstFree: false,
        })),
        modifierGroups: Array.from({ length: GROUPS_PER_VENDOR }, (_, g) => ({
          id: groupId(g),
          name: `Options ${g + 1}`,
          modifierIds: Array.from({ length: MODIFIERS_PER_GROUP }, (_, m) => modifierId(g, m)),
          minimumChoices: 0,
          maximumChoices: 0,
          defaultModifierId: null,
          visible: true,
          displayOrder: (g + 1) * 10,
          selectionRequiredText: null,
        })),
        modifiers: Array.from({ length: GROUPS_PER_VENDOR }, (_, g) =>
          Array.from({ length: MODIFIERS_PER_GROUP }, (_, m) => ({
            id: modifierId(g, m),
            name: `Option ${m + 1}`,
            price: m * 50,
            visible: true,
            displayOrder: (m + 1) * 10,
            groupId: groupId(g),
          })),
        ).flat(),
      };
    }),
    coupons: [],
  };
}

export const catalogueImport: Section = {
  name: 'catalogue-import',
  description: 'PUT /ops/v1/venue/{venueId}/catalogue of a generated 2,000-item venue (SQLite)',
  async run(context: BenchContext): Promise<SectionResult> {
    const url = `${context.server.url}/ops/v1/venue/${VENUE_ID}/catalogue`;
    const put = async (catalogue: VenueCatalogue) => {
      const body = JSON.stringify(catalogue);
      const started = performance.now();
      const res = await fetch(url, {
        method: 'PUT',
        headers: { authorization: `Bearer ${OPS_TOKEN}`, 'content-type': 'application/json' },
        body,
      });
      const text = await res.text();
      const ms = performance.now() - started;
      if (!res.ok) throw new Error(`the catalogue import answered ${res.status}: ${text.slice(0, 500)}`);
      return { ms, bytes: body.length };
    };
    context.log('importing a generated 2,000-item venue (new, unchanged, every price changed)…');
    const created = await put(generatedCatalogue());
    const unchanged = await put(generatedCatalogue());
    const repriced = await put(generatedCatalogue(10));
    const items = VENDORS * ITEMS_PER_VENDOR;
    const rows = [
      ['new venue', created],
      ['same document again', unchanged],
      ['every price changed', repriced],
    ] as const;
    return {
      name: this.name,
      title: `Catalogue import: ${items} items, ${VENDORS * GROUPS_PER_VENDOR} option groups, ${VENDORS * GROUPS_PER_VENDOR * MODIFIERS_PER_GROUP} options (${(created.bytes / 1024 / 1024).toFixed(1)} MB)`,
      columns: ['import', 'time'],
      rows: rows.map(([label, run]) => [label, formatMs(run.ms)]),
      notes: [],
      goals: [
        {
          description: `importing a ${items}-item venue takes at most ${GOAL_MS / 1000} s (${formatMs(Math.max(created.ms, repriced.ms))})`,
          met: created.ms <= GOAL_MS && repriced.ms <= GOAL_MS,
        },
      ],
      data: { items, createdMs: created.ms, unchangedMs: unchanged.ms, repricedMs: repriced.ms, bytes: created.bytes },
    };
  },
};
