import { useState, type FormEvent } from 'react';
import type { AdminItem, AdminItemCreate, AdminItemPatch } from '@venue/contract/admin-catalogue';
import { formatMoney, parseMajor } from '@venue/domain/money';
import { createItem, deleteItem, patchItem } from '../../api/catalogue';
import { ConflictNotice, LastChanged } from '../../components/conflict-notice';
import { Dialog } from '../../components/dialog';
import { FormError, SelectField, TextAreaField, TextField } from '../../components/field';
import { PictureField, pictureUrl } from '../../components/picture-field';
import { useSession } from '../../lib/session';
import { useSaver } from '../../lib/use-saver';
import { AvailabilityField, availabilityDraft, availabilityOf, availabilityProblems } from './availability-field';
import type { EditorProps } from './editor-props';
import { moneyText } from './store-settings';
import { EditorActions } from '../../components/editor-actions';

/** The store's items by item type: add, edit (picture included) and remove. */
export function ItemsEditor({ menu, vendorId, reload, reset }: EditorProps) {
  const [editing, setEditing] = useState<AdminItem | 'new' | null>(null);
  const types = [...menu.store.itemTypes, ...new Set(menu.items.map((item) => item.itemType))].filter(
    (type, index, all) => all.indexOf(type) === index,
  );
  return (
    <>
      <div className="toolbar">
        <button type="button" className="button button-primary" onClick={() => setEditing('new')}>
          Add an item
        </button>
      </div>
      {types.map((type) => {
        const items = menu.items
          .filter((item) => item.itemType === type)
          .sort((a, b) => a.displayOrder - b.displayOrder);
        if (items.length === 0) return null;
        return (
          <section key={type} className="section" aria-label={type}>
            <div className="table-wrap">
              <table className="table">
                <caption className="caption-strong">{type}</caption>
                <thead>
                  <tr>
                    <th scope="col">
                      <span className="visually-hidden">Picture</span>
                    </th>
                    <th scope="col">Item</th>
                    <th scope="col" className="num">
                      Price
                    </th>
                    <th scope="col">Shown</th>
                    <th scope="col" className="num">
                      Stock
                    </th>
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((item) => (
                    <tr key={item.id}>
                      <td className="thumb-cell">
                        {item.displayAssetId !== null ? (
                          <img className="thumb" src={pictureUrl(item.displayAssetId)} alt="" />
                        ) : (
                          <span className="thumb thumb-none" />
                        )}
                      </td>
                      <td>
                        <span className="cell-main">{item.name}</span>
                        <span className="cell-sub">
                          {[
                            item.isRestricted ? 'Restricted' : null,
                            item.gstFree ? 'GST-free' : null,
                            item.availability !== null ? 'Set times' : null,
                            item.modifierGroupsIds.length > 0 ? `${item.modifierGroupsIds.length} option groups` : null,
                          ]
                            .filter(Boolean)
                            .join(' · ')}
                        </span>
                      </td>
                      <td className="num">{formatMoney(item.price)}</td>
                      <td>{item.visible ? 'Yes' : <span className="badge badge-neutral">Hidden</span>}</td>
                      <td className="num">{item.currentInventory ?? '—'}</td>
                      <td className="actions-cell">
                        <button type="button" className="button button-small" onClick={() => setEditing(item)}>
                          Edit<span className="visually-hidden"> {item.name}</span>
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        );
      })}
      {menu.items.length === 0 && <p className="table-empty panel">No items yet.</p>}
      {editing && (
        <ItemDialog
          item={editing === 'new' ? null : editing}
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

function ItemDialog({
  item,
  menu,
  vendorId,
  reload,
  onClose,
}: EditorProps & { item: AdminItem | null; onClose: () => void }) {
  const { venue } = useSession();
  const [draft, setDraft] = useState({
    name: item?.name ?? '',
    description: item?.description ?? '',
    price: moneyText(item?.price ?? null),
    itemType: item?.itemType ?? menu.store.itemTypes[0] ?? '',
    visible: item?.visible ?? true,
    stock: item?.currentInventory == null ? '' : String(item.currentInventory),
    burden: String(item?.burden ?? 1),
    isRestricted: item?.isRestricted ?? false,
    gstFree: item?.gstFree ?? false,
    groups: item?.modifierGroupsIds ?? [],
    picture: item?.displayAssetId ?? null,
    availability: availabilityDraft(item?.availability ?? null),
  });
  const saver = useSaver();
  const set = (name: keyof typeof draft) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [name]: event.target.value }));
  const check = (name: keyof typeof draft) => (event: { target: { checked: boolean } }) =>
    setDraft((current) => ({ ...current, [name]: event.target.checked }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const price = parseMajor(draft.price);
    if (price === null || price < 0) found.price = 'Enter a price like 12.50.';
    const stock = draft.stock.trim() === '' ? null : Number(draft.stock);
    if (stock !== null && !(Number.isInteger(stock) && stock >= 0))
      found.currentInventory = 'Enter how many are left, or leave it blank when not counted.';
    const burden = Number(draft.burden);
    if (!Number.isInteger(burden) || burden < 0) found.burden = 'Enter a whole number, e.g. 1.';
    if (!draft.name.trim()) found.name = 'Must not be empty.';
    const availability = availabilityOf(draft.availability);
    Object.assign(found, availabilityProblems(availability));
    if (Object.keys(found).length > 0) {
      saver.refuse(found);
      return;
    }
    const fields = {
      name: draft.name,
      description: draft.description,
      price: price!,
      itemType: draft.itemType,
      visible: draft.visible,
      currentInventory: stock,
      burden,
      isRestricted: draft.isRestricted,
      gstFree: draft.gstFree,
      modifierGroupsIds: draft.groups,
      displayAssetId: draft.picture,
      availability,
    };
    const ok = await saver.save(
      () =>
        item
          ? patchItem(vendorId, item.id, { version: item.version, ...fields } satisfies AdminItemPatch)
          : createItem(vendorId, fields satisfies AdminItemCreate),
      'Saved.',
    );
    if (ok) {
      reload();
      onClose();
    }
  };

  const remove = async () => {
    if (!item) return;
    if (await saver.save(() => deleteItem(vendorId, item.id, item.version), 'Removed.')) {
      reload();
      onClose();
    }
  };

  const field = saver.field;
  return (
    <Dialog title={item ? `Edit ${item.name}` : 'Add an item'} onClose={onClose} wide>
      {item && <LastChanged {...item} timeZone={venue.timeZone} />}
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
          <TextField id="item-name" label="Name" value={draft.name} onChange={set('name')} error={field('name')} />
          <SelectField
            id="item-type"
            label="Item type"
            value={draft.itemType}
            onChange={set('itemType')}
            error={field('itemType')}
          >
            {menu.store.itemTypes.map((type) => (
              <option key={type}>{type}</option>
            ))}
          </SelectField>
          <TextField
            id="item-price"
            label="Price ($)"
            inputMode="decimal"
            value={draft.price}
            onChange={set('price')}
            error={field('price')}
          />
          <TextField
            id="item-stock"
            label="Stock left"
            hint="Blank: not counted."
            inputMode="numeric"
            value={draft.stock}
            onChange={set('stock')}
            error={field('currentInventory')}
          />
          <TextField
            id="item-burden"
            label="Burden"
            hint="How much of the kitchen's load one takes."
            inputMode="numeric"
            value={draft.burden}
            onChange={set('burden')}
            error={field('burden')}
          />
        </div>
        <TextAreaField
          id="item-description"
          label="Description"
          rows={2}
          value={draft.description}
          onChange={set('description')}
          error={field('description')}
        />
        <fieldset className="choices choices-row">
          <legend>Sold how</legend>
          <label className="choice">
            <input type="checkbox" checked={draft.visible} onChange={check('visible')} /> Shown to customers
          </label>
          <label className="choice">
            <input type="checkbox" checked={draft.isRestricted} onChange={check('isRestricted')} /> Restricted (alcohol)
          </label>
          <label className="choice">
            <input type="checkbox" checked={draft.gstFree} onChange={check('gstFree')} /> GST-free
          </label>
        </fieldset>
        {menu.optionGroups.length > 0 && (
          <fieldset className="choices choices-grid">
            <legend>Option groups</legend>
            {menu.optionGroups.map((group) => (
              <label key={group.id} className="choice">
                <input
                  type="checkbox"
                  checked={draft.groups.includes(group.id)}
                  onChange={(event) =>
                    setDraft((current) => ({
                      ...current,
                      groups: event.target.checked
                        ? [...current.groups, group.id]
                        : current.groups.filter((id) => id !== group.id),
                    }))
                  }
                />
                {group.name}
              </label>
            ))}
          </fieldset>
        )}
        <AvailabilityField
          draft={draft.availability}
          onChange={(availability) => setDraft((current) => ({ ...current, availability }))}
          field={field}
          timeZone={venue.timeZone}
        />
        <PictureField
          id="item-picture"
          label="Picture"
          assetId={draft.picture}
          onChange={(picture) => setDraft((current) => ({ ...current, picture }))}
          error={field('displayAssetId')}
        />
        <FormError message={saver.problems.message} />
        <EditorActions
          existing={item?.name ?? null}
          noun="item"
          removeConsequence="Orders that named it keep it."
          busy={saver.busy}
          onCancel={onClose}
          onRemove={() => void remove()}
        />
      </form>
    </Dialog>
  );
}
