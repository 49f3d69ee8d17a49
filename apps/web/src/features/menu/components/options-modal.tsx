import { useId, useMemo, useState } from 'react';
import type { MenuItem, Modifier } from '@venue/contract/menu';
import { formatMoney } from '@venue/domain/money';
import { defaultSelection, missingRequiredGroups, toggleModifier } from '@venue/domain/modifier-selection';
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

/**
 * Spec §2/§5 options modal: the item's groups with their defaults chosen; choosing beyond a group's
 * maximum lets go of its earliest choice, choosing again deselects. 'Add to Order' with a required
 * group short opens 'Missing options' naming the groups.
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
          <fieldset key={option.group.id} className={styles.group}>
            <legend className={styles.legend}>
              <span className={styles.groupName}>{option.group.name}</span>
              <span className={option.group.minimumChoices > 0 ? styles.required : styles.hint}>
                {groupHint(option)}
              </span>
            </legend>
            <ul className={styles.choices}>
              {option.modifiers.map((modifier) => {
                const checked = selected.includes(modifier.id);
                return (
                  <li key={modifier.id}>
                    <label className={checked ? `${styles.choice} ${styles.checked}` : styles.choice}>
                      <input
                        type="checkbox"
                        className={styles.checkbox}
                        checked={checked}
                        onChange={() => setSelected((current) => toggleModifier(current, option.group, modifier.id))}
                      />
                      <span className={styles.choiceName}>{modifier.name}</span>
                      {modifier.price.minorAmount !== 0 && (
                        <span className={styles.delta}>
                          {modifier.price.minorAmount > 0 ? '+' : ''}
                          {formatMoney(modifier.price.minorAmount)}
                        </span>
                      )}
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
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
