import { useId, useMemo, useState } from 'react';
import type { MenuItem, Modifier } from '@venue/contract/menu';
import { formatMoney } from '@venue/domain/money';
import {
  clearGroup,
  defaultSelection,
  isSingleChoiceGroup,
  missingRequiredGroups,
  toggleModifier,
  type GroupRule,
} from '@venue/domain/modifier-selection';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import type { OptionGroup } from '../lib/menu-view';
import styles from './options-modal.module.css';

export interface OptionsModalProps {
  /** the item whose options are chosen; null: closed */
  item: MenuItem | null;
  groups: OptionGroup[];
  /** 'Add to Order' with every required group met: the chosen modifiers, in the order shown */
  onAdd: (modifiers: Modifier[]) => void;
  onClose: () => void;
}

/** How many a group asks for, in words. */
function groupHint({ group }: OptionGroup): string {
  const { minimumChoices: min, maximumChoices: max } = group;
  if (min > 0 && group.selectionRequiredText) return group.selectionRequiredText;
  if (min > 0 && max === min) return min === 1 ? 'Required · choose 1' : `Required · choose ${min}`;
  if (min > 0) return max > 0 ? `Required · choose ${min} to ${max}` : `Required · choose at least ${min}`;
  return max > 0 ? `Optional · choose up to ${max}` : 'Optional';
}

/** The words of a modifier's price change, or null when it costs nothing extra. */
function priceDelta(modifier: Modifier): string | null {
  const minor = modifier.price.minorAmount;
  if (minor === 0) return null;
  return `${minor > 0 ? '+' : ''}${formatMoney(minor)}`;
}

/**
 * Spec §2/§5 options modal: the item's groups with their defaults chosen; choosing beyond a group's
 * maximum lets go of its earliest choice, choosing again deselects. A group of at most one choice
 * is a radio group, the others checkboxes. 'Add to Order' with a required group short opens
 * 'Missing options' naming the groups.
 */
export function OptionsModal({ item, groups, onAdd, onClose }: OptionsModalProps) {
  if (!item) return null;
  return <OptionsDialog key={item.id} item={item} groups={groups} onAdd={onAdd} onClose={onClose} />;
}

function OptionsDialog({ item, groups, onAdd, onClose }: OptionsModalProps & { item: MenuItem }) {
  const modifiers = useMemo(() => new Map(groups.flatMap((g) => g.modifiers.map((m) => [m.id, m] as const))), [groups]);
  const rules = useMemo(() => groups.map((g) => g.group), [groups]);
  const [selected, setSelected] = useState<number[]>(() => defaultSelection(rules, modifiers));
  const [missing, setMissing] = useState<string[]>([]);
  const missingTextId = useId();

  const totalMinor = selected.reduce(
    (sum, id) => sum + (modifiers.get(id)?.price.minorAmount ?? 0),
    item.price.minorAmount,
  );

  const add = () => {
    const short = missingRequiredGroups(rules, selected);
    if (short.length > 0) {
      setMissing(short);
      return;
    }
    const chosen = groups.flatMap((g) => g.modifiers.filter((m) => selected.includes(m.id)));
    onAdd(chosen);
  };

  return (
    <>
      <Modal
        open
        title={item.name}
        onDismiss={onClose}
        actions={
          <>
            <p className={styles.total}>
              <span>Item total</span>
              <span>{formatMoney(totalMinor)}</span>
            </p>
            <Button block onClick={add}>
              Add to Order
            </Button>
            <Button block variant="secondary" onClick={onClose}>
              Cancel
            </Button>
          </>
        }
      >
        {item.description && <p className={styles.description}>{item.description}</p>}
        {groups.map((option) => (
          <OptionGroupChoices
            key={option.group.id}
            option={option}
            selected={selected}
            onToggle={(group, modifierId) => setSelected((current) => toggleModifier(current, group, modifierId))}
            onChooseNone={(group) => setSelected((current) => clearGroup(current, group))}
          />
        ))}
      </Modal>
      <Modal
        open={missing.length > 0}
        title="Missing options"
        describedById={missingTextId}
        onDismiss={() => setMissing([])}
        actions={
          <Button block onClick={() => setMissing([])}>
            Ok
          </Button>
        }
      >
        <p id={missingTextId}>Please select the following required option</p>
        <ul className={styles.missing}>
          {missing.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      </Modal>
    </>
  );
}

interface OptionGroupChoicesProps {
  option: OptionGroup;
  selected: readonly number[];
  onToggle: (group: GroupRule, modifierId: number) => void;
  onChooseNone: (group: GroupRule) => void;
}

/**
 * One group's choices. At most one choice (maximumChoices 1): a real radio group (fieldset with
 * role=radiogroup, radios sharing a name), so the arrow keys move the choice natively and the
 * chosen option, the default included, shows checked. Otherwise checkboxes.
 */
function OptionGroupChoices({ option, selected, onToggle, onChooseNone }: OptionGroupChoicesProps) {
  const id = useId();
  const { group } = option;
  const single = isSingleChoiceGroup(group);
  const nameId = `${id}-name`;
  const hintId = `${id}-hint`;
  const noneChosen = !option.modifiers.some((modifier) => selected.includes(modifier.id));
  return (
    <fieldset
      className={styles.group}
      role={single ? 'radiogroup' : undefined}
      aria-labelledby={nameId}
      aria-describedby={hintId}
    >
      <legend className={styles.legend}>
        <span className={styles.groupName} id={nameId}>
          {group.name}
        </span>
        <span className={group.minimumChoices > 0 ? styles.required : styles.hint} id={hintId}>
          {groupHint(option)}
        </span>
      </legend>
      <ul className={styles.choices}>
        {/*
         * An optional one-choice group offers 'None' as a radio of its own: choosing nothing is then
         * visible, announced and reachable with the arrow keys like any other choice, which tapping
         * the chosen radio again (below, spec §5's rule) is not.
         */}
        {single && group.minimumChoices === 0 && (
          <li>
            <label className={noneChosen ? `${styles.choice} ${styles.checked}` : styles.choice}>
              <input
                type="radio"
                name={id}
                className={styles.control}
                checked={noneChosen}
                onChange={() => onChooseNone(group)}
              />
              <span className={styles.choiceName}>None</span>
            </label>
          </li>
        )}
        {option.modifiers.map((modifier) => {
          const checked = selected.includes(modifier.id);
          const delta = priceDelta(modifier);
          return (
            <li key={modifier.id}>
              <label className={checked ? `${styles.choice} ${styles.checked}` : styles.choice}>
                {single ? (
                  <input
                    type="radio"
                    name={id}
                    className={styles.control}
                    checked={checked}
                    // a radio fires no change when it is already checked: the click on it deselects
                    // it (spec §5 "reselecting deselects"), the change of another one switches to it
                    onClick={() => checked && onToggle(group, modifier.id)}
                    onChange={() => onToggle(group, modifier.id)}
                  />
                ) : (
                  <input
                    type="checkbox"
                    className={styles.control}
                    checked={checked}
                    onChange={() => onToggle(group, modifier.id)}
                  />
                )}
                <span className={styles.choiceName}>{modifier.name}</span>
                {delta && <span className={styles.delta}>{delta}</span>}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
