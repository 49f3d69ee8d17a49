/**
 * The rules a venue catalogue must keep beyond its shape: ids used once, every reference naming
 * something that exists, choices that can be made, windows that end after they start, coupons
 * that make sense. Each broken rule is reported with the JSON path of the offending value and a
 * sentence, so a venue manager can fix every problem of a document in one go.
 *
 * The rules read the document defensively (a field of the wrong type is skipped, not trusted):
 * they run on documents whose shape is also wrong, so their problems are reported together with
 * the shape's.
 */

export interface CatalogueProblem {
  /** JSONPath of the value, e.g. `$.vendors[1].items[3].price` */
  path: string;
  message: string;
}

/** Basis points of 100 %: the most a percentage coupon takes off or a percentage service charge adds. */
export const FULL_PERCENTAGE = 10_000;

type Step = string | number;

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `['vendors', 1, 'items']` → `$.vendors[1].items`; keys that are not identifiers are quoted. */
export function jsonPath(steps: readonly PropertyKey[]): string {
  let path = '$';
  for (const step of steps) {
    if (typeof step === 'number') path += `[${step}]`;
    else if (typeof step === 'string' && IDENTIFIER.test(step)) path += `.${step}`;
    else path += `[${JSON.stringify(String(step))}]`;
  }
  return path;
}

type Loose = Record<string, unknown>;

const isObject = (value: unknown): value is Loose =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const int = (value: unknown): number | undefined => (Number.isInteger(value) ? (value as number) : undefined);
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Minutes of an "HH:mm" time, or undefined when it is not one. */
function minutes(value: unknown): number | undefined {
  const match = typeof value === 'string' ? /^(\d{2}):(\d{2})$/.exec(value) : null;
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined;
}

/** Reports every id seen twice, pointing at the later use and naming the first. */
class IdRegistry {
  private readonly first = new Map<number, string>();

  constructor(
    private readonly noun: string,
    private readonly problems: CatalogueProblem[],
  ) {}

  add(value: unknown, steps: Step[]): void {
    const id = int(value);
    if (id === undefined) return;
    const path = jsonPath(steps);
    const earlier = this.first.get(id);
    if (earlier === undefined) this.first.set(id, path);
    else this.problems.push({ path, message: `${this.noun} id ${id} is used twice (also at ${earlier}).` });
  }
}

/** Every rule of a catalogue document other than its shape; an empty list when it keeps them all. */
export function catalogueRuleProblems(document: unknown): CatalogueProblem[] {
  const problems: CatalogueProblem[] = [];
  if (!isObject(document)) return problems;
  const report = (steps: Step[], message: string) => problems.push({ path: jsonPath(steps), message });

  const vendorIds = new IdRegistry('Vendor', problems);
  const itemIds = new IdRegistry('Menu item', problems);
  const groupIds = new IdRegistry('Modifier group', problems);
  const modifierIds = new IdRegistry('Modifier', problems);
  const documentVendors = new Set<number>();

  list(document.vendors).forEach((vendor, v) => {
    if (!isObject(vendor)) return;
    const at = (...steps: Step[]): Step[] => ['vendors', v, ...steps];
    vendorIds.add(vendor.id, at('id'));
    const vendorId = int(vendor.id);
    if (vendorId !== undefined) documentVendors.add(vendorId);

    checkServiceModes(vendor.vendorOrderConfiguration, at('vendorOrderConfiguration'), report);

    const itemTypes = new Set<string>();
    list(vendor.itemTypes).forEach((type, t) => {
      const name = str(type);
      if (name === undefined) return;
      if (itemTypes.has(name)) report(at('itemTypes', t), `Item type "${name}" is listed twice.`);
      itemTypes.add(name);
    });

    const groups = new Map<number, Loose>();
    list(vendor.modifierGroups).forEach((group, g) => {
      if (!isObject(group)) return;
      groupIds.add(group.id, at('modifierGroups', g, 'id'));
      const id = int(group.id);
      if (id !== undefined && !groups.has(id)) groups.set(id, group);
    });

    const modifierGroupOf = new Map<number, number | undefined>();
    list(vendor.modifiers).forEach((modifier, m) => {
      if (!isObject(modifier)) return;
      modifierIds.add(modifier.id, at('modifiers', m, 'id'));
      const id = int(modifier.id);
      const groupId = int(modifier.groupId);
      if (groupId !== undefined && !groups.has(groupId))
        report(at('modifiers', m, 'groupId'), `Modifier group ${groupId} is not a modifier group of this vendor.`);
      if (id !== undefined && !modifierGroupOf.has(id)) modifierGroupOf.set(id, groupId);
    });

    list(vendor.modifierGroups).forEach((group, g) => {
      if (!isObject(group)) return;
      checkGroup(group, at('modifierGroups', g), modifierGroupOf, report);
    });

    list(vendor.items).forEach((item, i) => {
      if (!isObject(item)) return;
      itemIds.add(item.id, at('items', i, 'id'));
      const type = str(item.itemType);
      if (type !== undefined && Array.isArray(vendor.itemTypes) && !itemTypes.has(type))
        report(at('items', i, 'itemType'), `Item type "${type}" is not one of this vendor's itemTypes.`);
      const seen = new Set<number>();
      list(item.modifierGroupsIds).forEach((value, k) => {
        const groupId = int(value);
        if (groupId === undefined) return;
        if (seen.has(groupId))
          report(at('items', i, 'modifierGroupsIds', k), `Modifier group ${groupId} is listed twice.`);
        else if (!groups.has(groupId))
          report(
            at('items', i, 'modifierGroupsIds', k),
            `Modifier group ${groupId} is not a modifier group of this vendor.`,
          );
        seen.add(groupId);
      });
      checkAvailability(item.availability, at('items', i, 'availability'), report);
    });
  });

  checkCoupons(document.coupons, documentVendors, report);
  return problems;
}

type Report = (steps: Step[], message: string) => void;

function checkServiceModes(config: unknown, at: Step[], report: Report): void {
  if (!isObject(config)) return;
  const modes = list(config.availableServiceModes).map(str);
  modes.forEach((mode, k) => {
    if (mode !== undefined && modes.indexOf(mode) !== k)
      report([...at, 'availableServiceModes', k], `${mode} is listed twice.`);
  });
  const fallback = str(config.defaultOrderServiceMode);
  if (
    fallback !== undefined &&
    fallback !== 'NotSpecified' &&
    Array.isArray(config.availableServiceModes) &&
    !modes.includes(fallback)
  )
    report(
      [...at, 'defaultOrderServiceMode'],
      `The default service mode ${fallback} is not one of availableServiceModes.`,
    );
  list(config.serviceCharges).forEach((charge, k) => {
    if (!isObject(charge) || charge.kind !== 'percentage') return;
    const value = int(charge.value);
    if (value !== undefined && value > FULL_PERCENTAGE)
      report(
        [...at, 'serviceCharges', k, 'value'],
        `A percentage service charge is in basis points, at most ${FULL_PERCENTAGE} (100 %); ${value} is not.`,
      );
  });
}

function checkGroup(
  group: Loose,
  at: Step[],
  modifierGroupOf: ReadonlyMap<number, number | undefined>,
  report: Report,
): void {
  const id = int(group.id);
  const minimum = int(group.minimumChoices);
  const maximum = int(group.maximumChoices);
  if (minimum !== undefined && maximum !== undefined && maximum !== 0 && minimum > maximum)
    report(
      [...at, 'minimumChoices'],
      `minimumChoices (${minimum}) is more than maximumChoices (${maximum}); use maximumChoices 0 for no limit.`,
    );
  const members = [...modifierGroupOf].filter(([, groupId]) => groupId === id).map(([modifierId]) => modifierId);
  const defaultId = int(group.defaultModifierId);
  if (defaultId !== undefined && !members.includes(defaultId))
    report([...at, 'defaultModifierId'], `Default modifier ${defaultId} is not a modifier of this group.`);
  if (!Array.isArray(group.modifierIds)) return;
  const listed = new Set<number>();
  group.modifierIds.forEach((value, k) => {
    const modifierId = int(value);
    if (modifierId === undefined) return;
    if (listed.has(modifierId)) report([...at, 'modifierIds', k], `Modifier ${modifierId} is listed twice.`);
    else if (!modifierGroupOf.has(modifierId))
      report([...at, 'modifierIds', k], `Modifier ${modifierId} is not a modifier of this vendor.`);
    else if (modifierGroupOf.get(modifierId) !== id)
      report(
        [...at, 'modifierIds', k],
        `Modifier ${modifierId} belongs to group ${modifierGroupOf.get(modifierId)} (its groupId), not to this group.`,
      );
    listed.add(modifierId);
  });
  for (const modifierId of members) {
    if (!listed.has(modifierId))
      report([...at, 'modifierIds'], `Modifier ${modifierId} names this group as its groupId but is not listed here.`);
  }
}

function checkAvailability(availability: unknown, at: Step[], report: Report): void {
  if (!isObject(availability)) return;
  for (const [day, windows] of Object.entries(availability)) {
    list(windows).forEach((window, w) => {
      if (!isObject(window)) return;
      const start = minutes(window.startTime);
      const end = minutes(window.endTime);
      if (start !== undefined && end !== undefined && end < start)
        report(
          [...at, day, w, 'endTime'],
          `The window ends (${String(window.endTime)}) before it starts (${String(window.startTime)}); write a window past midnight as two, one on each day.`,
        );
    });
  }
}

function checkCoupons(coupons: unknown, vendors: ReadonlySet<number>, report: Report): void {
  const codes = new Map<string, string>();
  list(coupons).forEach((coupon, c) => {
    if (!isObject(coupon)) return;
    const at = (...steps: Step[]): Step[] => ['coupons', c, ...steps];
    const code = str(coupon.code);
    if (code !== undefined) {
      const key = code.toUpperCase();
      const earlier = codes.get(key);
      if (earlier !== undefined) report(at('code'), `Coupon code ${code} is used twice (also at ${earlier}).`);
      else codes.set(key, jsonPath(at('code')));
    }
    const vendorId = int(coupon.vendorId);
    if (vendorId !== undefined && !vendors.has(vendorId))
      report(at('vendorId'), `Vendor ${vendorId} is not a vendor of this catalogue.`);
    const from = Date.parse(str(coupon.validFrom) ?? '');
    const until = Date.parse(str(coupon.validUntil) ?? '');
    if (!Number.isNaN(from) && !Number.isNaN(until) && until < from)
      report(at('validUntil'), 'The coupon ends (validUntil) before it starts (validFrom).');
    const value = int(coupon.value);
    if (value === undefined) return;
    if (coupon.kind === 'percentage' && (value < 1 || value > FULL_PERCENTAGE))
      report(
        at('value'),
        `A percentage coupon's value is in basis points, from 1 to ${FULL_PERCENTAGE} (100 %); ${value} is not.`,
      );
    if (coupon.kind === 'fixed' && value < 1) report(at('value'), 'A fixed coupon takes at least 1 cent off.');
    if (coupon.kind === 'full' && value !== 0)
      report(at('value'), 'A full coupon pays the whole order: its value must be 0.');
  });
}
