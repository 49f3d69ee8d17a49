/** Choosing options for an item (spec §5 modifier groups). */

/** The parts of a modifier group the selection rules read. */
export interface GroupRule {
  id: number;
  name: string;
  minimumChoices: number;
  /** 0 = unlimited */
  maximumChoices: number;
  defaultModifierId: number | null;
  visible: boolean;
  modifierIds: readonly number[];
}

/** The parts of a modifier the selection rules read. */
export interface ModifierRule {
  id: number;
  groupId: number;
  visible: boolean;
}

/** A group is required when its minimum is above zero. */
export function isRequiredGroup(group: GroupRule): boolean {
  return group.minimumChoices > 0;
}

/**
 * Toggles a modifier in a selection. Choosing a selected modifier deselects it; choosing one more
 * than the group's maximum lets go of the group's earliest choice, so a one-choice group behaves
 * like radio buttons.
 */
export function toggleModifier(selected: readonly number[], group: GroupRule, modifierId: number): number[] {
  if (selected.includes(modifierId)) return selected.filter((id) => id !== modifierId);
  const inGroup = selected.filter((id) => group.modifierIds.includes(id));
  if (group.maximumChoices > 0 && inGroup.length >= group.maximumChoices) {
    const drop = inGroup[0];
    return [...selected.filter((id) => id !== drop), modifierId];
  }
  return [...selected, modifierId];
}

/** A group that takes at most one modifier: the customer picks one of its options (radio buttons). */
export function isSingleChoiceGroup(group: GroupRule): boolean {
  return group.maximumChoices === 1;
}

/** The selection without any of a group's modifiers: choosing none in an optional group. */
export function clearGroup(selected: readonly number[], group: GroupRule): number[] {
  return selected.filter((id) => !group.modifierIds.includes(id));
}

/** The modifiers chosen before the customer touches anything: each visible group's visible default. */
export function defaultSelection(groups: readonly GroupRule[], modifiers: ReadonlyMap<number, ModifierRule>): number[] {
  const selected: number[] = [];
  for (const group of groups) {
    if (!group.visible || group.defaultModifierId === null) continue;
    const modifier = modifiers.get(group.defaultModifierId);
    if (modifier?.visible && modifier.groupId === group.id) selected.push(modifier.id);
  }
  return selected;
}

/** Names of the required groups whose minimum the selection does not meet ('Missing options'). */
export function missingRequiredGroups(groups: readonly GroupRule[], selected: readonly number[]): string[] {
  return groups
    .filter((group) => group.visible && isRequiredGroup(group))
    .filter((group) => selected.filter((id) => group.modifierIds.includes(id)).length < group.minimumChoices)
    .map((group) => group.name);
}

/** Names of groups where the selection picks more than the maximum. */
export function overfilledGroups(groups: readonly GroupRule[], selected: readonly number[]): string[] {
  return groups
    .filter((group) => group.maximumChoices > 0)
    .filter((group) => selected.filter((id) => group.modifierIds.includes(id)).length > group.maximumChoices)
    .map((group) => group.name);
}

/**
 * Whether every required group of an item can be satisfied: a required group must be visible and
 * offer at least its minimum of visible modifiers; otherwise the item is hidden (spec §5).
 */
export function requiredGroupsSatisfiable(
  groups: readonly GroupRule[],
  modifiers: ReadonlyMap<number, ModifierRule>,
): boolean {
  return groups.filter(isRequiredGroup).every((group) => {
    if (!group.visible) return false;
    const visibleCount = group.modifierIds.filter((id) => {
      const modifier = modifiers.get(id);
      return modifier?.visible === true && modifier.groupId === group.id;
    }).length;
    return visibleCount >= group.minimumChoices;
  });
}

/** The key of a basket line within an item: its chosen modifier ids, sorted ("" without options). */
export function optionKey(modifierIds: readonly number[]): string {
  return [...modifierIds].sort((a, b) => a - b).join(',');
}
