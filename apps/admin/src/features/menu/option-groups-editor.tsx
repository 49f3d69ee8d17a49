import { useState, type FormEvent } from 'react';
import type { AdminOptionGroup, AdminOptionInput } from '@venue/contract/admin-catalogue';
import { formatMoney, parseMajor } from '@venue/domain/money';
import { createOptionGroup, deleteOptionGroup, patchOptionGroup } from '../../api/catalogue';
import { ConflictNotice, LastChanged } from '../../components/conflict-notice';
import { Dialog } from '../../components/dialog';
import { FormError, TextField } from '../../components/field';
import { useSession } from '../../lib/session';
import { useSaver } from '../../lib/use-saver';
import type { EditorProps } from './editor-props';
import { moneyText, plural } from './store-settings';
import { EditorActions } from '../../components/editor-actions';

/** How a group's choices read: "Required, 1 to 2", "Optional, any number". */
export function choiceRule(group: { minimumChoices: number; maximumChoices: number }): string {
  const max = group.maximumChoices === 0 ? 'any number' : String(group.maximumChoices);
  if (group.minimumChoices === 0) return `Optional, up to ${max}`;
  return `Required, ${group.minimumChoices}${group.maximumChoices === group.minimumChoices ? '' : ` to ${max}`}`;
}

/** The store's option groups and their options: add, edit, remove. */
export function OptionGroupsEditor({ menu, vendorId, reload, reset }: EditorProps) {
  const [editing, setEditing] = useState<AdminOptionGroup | 'new' | null>(null);
  return (
    <>
      <div className="toolbar">
        <button type="button" className="button button-primary" onClick={() => setEditing('new')}>
          Add an option group
        </button>
      </div>
      <div className="table-wrap">
        <table className="table">
          <caption>Option groups of {menu.store.storeName}</caption>
          <thead>
            <tr>
              <th scope="col">Group</th>
              <th scope="col">Choices</th>
              <th scope="col">Options</th>
              <th scope="col">Used by</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {menu.optionGroups.length === 0 && (
              <tr>
                <td colSpan={5} className="table-empty">
                  No option groups yet.
                </td>
              </tr>
            )}
            {menu.optionGroups.map((group) => (
              <tr key={group.id}>
                <td>
                  <span className="cell-main">{group.name}</span>
                  {!group.visible && <span className="badge badge-neutral">Hidden</span>}
                </td>
                <td>{choiceRule(group)}</td>
                <td>
                  {group.options
                    .map((option) => `${option.name}${option.price ? ` (${formatMoney(option.price)})` : ''}`)
                    .join(', ')}
                </td>
                <td className="num">
                  {plural(menu.items.filter((item) => item.modifierGroupsIds.includes(group.id)).length, 'item')}
                </td>
                <td className="actions-cell">
                  <button type="button" className="button button-small" onClick={() => setEditing(group)}>
                    Edit<span className="visually-hidden"> {group.name}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {editing && (
        <GroupDialog
          group={editing === 'new' ? null : editing}
          menu={menu}
          vendorId={vendorId}
          reload={reload}
          reset={reset}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}

interface OptionRow {
  key: number;
  id?: number;
  name: string;
  price: string;
  visible: boolean;
}

let nextKey = 1;

function GroupDialog({
  group,
  vendorId,
  reload,
  onClose,
}: EditorProps & { group: AdminOptionGroup | null; onClose: () => void }) {
  const { venue } = useSession();
  const [name, setName] = useState(group?.name ?? '');
  const [min, setMin] = useState(String(group?.minimumChoices ?? 0));
  const [max, setMax] = useState(String(group?.maximumChoices ?? 1));
  const [visible, setVisible] = useState(group?.visible ?? true);
  const [rows, setRows] = useState<OptionRow[]>(
    () =>
      group?.options.map((option) => ({
        key: nextKey++,
        id: option.id,
        name: option.name,
        price: moneyText(option.price),
        visible: option.visible,
      })) ?? [{ key: nextKey++, name: '', price: '0.00', visible: true }],
  );
  const [defaultKey, setDefaultKey] = useState<number | null>(() => {
    const index = group?.options.findIndex((option) => option.isDefault) ?? -1;
    return index >= 0 ? (rows[index]?.key ?? null) : null;
  });
  const saver = useSaver();
  const field = saver.field;
  const change = (key: number, patch: Partial<OptionRow>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!/^\d+$/.test(min.trim())) found.minimumChoices = 'Enter a whole number: 0 makes the group optional.';
    if (!/^\d+$/.test(max.trim())) found.maximumChoices = 'Enter a whole number: 0 means no limit.';
    const options: AdminOptionInput[] = rows.map((row, index) => {
      const price = parseMajor(row.price || '0');
      if (price === null || price < 0) found[`options[${index}].price`] = 'Enter a price like 1.50, or 0.';
      return {
        ...(row.id !== undefined ? { id: row.id } : {}),
        name: row.name,
        price: price ?? 0,
        visible: row.visible,
        displayOrder: index,
        isDefault: row.key === defaultKey,
      };
    });
    if (Object.keys(found).length > 0) {
      saver.refuse(found);
      return;
    }
    const fields = { name, minimumChoices: Number(min), maximumChoices: Number(max), visible, options };
    const ok = await saver.save(
      () =>
        group
          ? patchOptionGroup(vendorId, group.id, { version: group.version, ...fields })
          : createOptionGroup(vendorId, fields),
      'Saved.',
    );
    if (ok) {
      reload();
      onClose();
    }
  };

  const remove = async () => {
    if (!group) return;
    if (await saver.save(() => deleteOptionGroup(vendorId, group.id, group.version), 'Removed.')) {
      reload();
      onClose();
    }
  };

  return (
    <Dialog title={group ? `Edit ${group.name}` : 'Add an option group'} onClose={onClose} wide>
      {group && <LastChanged {...group} timeZone={venue.timeZone} />}
      {saver.problems.conflict && (
        <ConflictNotice
          conflict={saver.problems.conflict}
          timeZone={venue.timeZone}
          onReload={() => {
            reload();
            onClose();
          }}
        />
      )}
      <form noValidate onSubmit={(event) => void submit(event)}>
        <div className="form-grid">
          <TextField
            id="group-name"
            label="Name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={field('name')}
          />
          <TextField
            id="group-min"
            label="Fewest choices"
            hint="0: optional."
            inputMode="numeric"
            value={min}
            onChange={(event) => setMin(event.target.value)}
            error={field('minimumChoices')}
          />
          <TextField
            id="group-max"
            label="Most choices"
            hint="0: no limit."
            inputMode="numeric"
            value={max}
            onChange={(event) => setMax(event.target.value)}
            error={field('maximumChoices')}
          />
        </div>
        <label className="choice">
          <input type="checkbox" checked={visible} onChange={(event) => setVisible(event.target.checked)} /> Shown to
          customers
        </label>
        <fieldset className="options-editor">
          <legend>Options</legend>
          {rows.map((row, index) => (
            <div key={row.key} className="option-row">
              <TextField
                id={`option-${row.key}-name`}
                label={`Option ${index + 1}`}
                value={row.name}
                onChange={(event) => change(row.key, { name: event.target.value })}
                error={field(`options[${index}].name`) ?? field(`options[${index}]`)}
              />
              <TextField
                id={`option-${row.key}-price`}
                label="Price ($)"
                inputMode="decimal"
                value={row.price}
                onChange={(event) => change(row.key, { price: event.target.value })}
                error={field(`options[${index}].price`)}
              />
              <label className="choice">
                <input
                  type="checkbox"
                  checked={row.visible}
                  onChange={(event) => change(row.key, { visible: event.target.checked })}
                />
                Shown<span className="visually-hidden">: option {index + 1}</span>
              </label>
              <label className="choice">
                <input
                  type="radio"
                  name="option-default"
                  checked={defaultKey === row.key}
                  onChange={() => setDefaultKey(row.key)}
                />
                Default<span className="visually-hidden">: option {index + 1}</span>
              </label>
              <button
                type="button"
                className="button button-quiet button-small"
                onClick={() => setRows((current) => current.filter((other) => other.key !== row.key))}
              >
                Remove<span className="visually-hidden"> option {index + 1}</span>
              </button>
            </div>
          ))}
          <div className="option-tools">
            <button
              type="button"
              className="button button-small"
              onClick={() =>
                setRows((current) => [...current, { key: nextKey++, name: '', price: '0.00', visible: true }])
              }
            >
              Add an option
            </button>
            {defaultKey !== null && (
              <button type="button" className="button button-quiet button-small" onClick={() => setDefaultKey(null)}>
                No default
              </button>
            )}
          </div>
        </fieldset>
        <FormError message={saver.problems.message} />
        <EditorActions
          existing={group?.name ?? null}
          noun="group"
          removeConsequence="Items lose it; orders that named its options keep them."
          busy={saver.busy}
          onCancel={onClose}
          onRemove={() => void remove()}
        />
      </form>
    </Dialog>
  );
}
