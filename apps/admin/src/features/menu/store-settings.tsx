import { useState, type FormEvent } from 'react';
import type { AdminStorePatch } from '@venue/contract/admin-catalogue';
import { majorAmount, parseMajor } from '@venue/domain/money';
import { WEEKDAY_NAMES } from '@venue/domain/time-zone';
import { patchStore, putItemTypes } from '../../api/catalogue';
import { ConflictNotice } from '../../components/conflict-notice';
import { FormError, TextField } from '../../components/field';
import { PictureField } from '../../components/picture-field';
import { useSession } from '../../lib/session';
import { useSaver } from '../../lib/use-saver';
import type { EditorProps } from './editor-props';
import { chargeRows, readCharges, ServiceChargesField, type ChargeRow } from './service-charges-field';

const MINUTE_MS = 60_000;
/** Monday first, as a week is read here. */
export const WEEK = [...WEEKDAY_NAMES.slice(1), WEEKDAY_NAMES[0]];
export const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
/** "1 item", "3 items" */
export const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** A money field's text for an amount in cents (blank for none). */
export const moneyText = (minor: number | null | undefined) => (minor == null ? '' : majorAmount(minor));

export function SaveBar({ busy, done, label }: { busy: boolean; done: string | null; label: string }) {
  return (
    <div className="save-bar">
      <button type="submit" className="button button-primary" disabled={busy}>
        {busy ? 'Saving…' : label}
      </button>
      <p role="status" className="saved">
        {done}
      </p>
    </div>
  );
}

/** The store's own settings: name, contact, time to service, service modes, payments, service charges, pictures. */
export function StoreSettings({ menu, vendorId, reload, reset }: EditorProps) {
  const { venue } = useSession();
  const { store } = menu;
  const config = store.vendorOrderConfiguration;
  const [draft, setDraft] = useState({
    storeName: store.storeName,
    phoneNumber: store.phoneNumber,
    location: store.location,
    ttsMinutes: String(Math.round(store.tts / MINUTE_MS)),
    takeAway: config.availableServiceModes.includes('TakeAway'),
    delivery: config.availableServiceModes.includes('HomeDelivery'),
    deliveryMin: moneyText(config.deliveryMinAmount),
    deliveryKm: String(config.deliveryMaxDistance),
    maxBurden: config.maxBurdenPerOrder == null ? '' : String(config.maxBurdenPerOrder),
    applePay: config.allowApplePay,
    googlePay: config.allowGooglePay,
    coupons: config.isCouponPaymentAllowed,
    thumbnail: store.displayAssets.thumbnailAssetId,
    locationImage: store.displayAssets.locationImageAssetId,
  });
  const [charges, setCharges] = useState<ChargeRow[]>(() => chargeRows(config.serviceCharges));
  const saver = useSaver();
  const set = (name: keyof typeof draft) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [name]: event.target.value }));
  const check = (name: keyof typeof draft) => (event: { target: { checked: boolean } }) =>
    setDraft((current) => ({ ...current, [name]: event.target.checked }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const tts = Number(draft.ttsMinutes);
    if (!/^\d+$/.test(draft.ttsMinutes.trim())) found.tts = 'Enter whole minutes, e.g. 10.';
    const deliveryMin = draft.deliveryMin.trim() === '' ? null : parseMajor(draft.deliveryMin);
    if (deliveryMin === undefined || (draft.deliveryMin.trim() !== '' && deliveryMin === null))
      found['vendorOrderConfiguration.deliveryMinAmount'] = 'Enter an amount like 25.00, or leave it blank.';
    const km = Number(draft.deliveryKm);
    if (draft.deliveryKm.trim() === '' || !Number.isFinite(km))
      found['vendorOrderConfiguration.deliveryMaxDistance'] = 'Enter a distance in km, e.g. 5.';
    const burden = draft.maxBurden.trim() === '' ? null : Number(draft.maxBurden);
    if (burden !== null && !Number.isInteger(burden))
      found['vendorOrderConfiguration.maxBurdenPerOrder'] = 'Enter a whole number, or leave it blank for no limit.';
    const modes = [
      ...(draft.takeAway ? ['TakeAway' as const] : []),
      ...(draft.delivery ? ['HomeDelivery' as const] : []),
    ];
    if (modes.length === 0)
      found['vendorOrderConfiguration.availableServiceModes'] = 'Offer pick up, delivery or both.';
    const serviceCharges = readCharges(charges);
    Object.assign(found, serviceCharges.problems);
    if (Object.keys(found).length > 0) {
      saver.refuse(found);
      return;
    }
    const patch: AdminStorePatch = {
      version: store.version,
      storeName: draft.storeName,
      phoneNumber: draft.phoneNumber,
      location: draft.location,
      tts: tts * MINUTE_MS,
      vendorOrderConfiguration: {
        availableServiceModes: modes,
        deliveryMinAmount: deliveryMin,
        deliveryMaxDistance: km,
        maxBurdenPerOrder: burden,
        allowApplePay: draft.applePay,
        allowGooglePay: draft.googlePay,
        isCouponPaymentAllowed: draft.coupons,
        serviceCharges: serviceCharges.charges,
      },
      displayAssets: { thumbnailAssetId: draft.thumbnail, locationImageAssetId: draft.locationImage },
    };
    if (await saver.save(() => patchStore(vendorId, patch), 'Saved.')) reload();
  };

  const field = saver.field;
  return (
    <form className="panel editor-form" noValidate onSubmit={(event) => void submit(event)}>
      {saver.problems.conflict && (
        <ConflictNotice conflict={saver.problems.conflict} timeZone={venue.timeZone} onReload={reset} />
      )}
      <div className="form-grid">
        <TextField
          id="store-name"
          label="Name"
          value={draft.storeName}
          onChange={set('storeName')}
          error={field('storeName')}
        />
        <TextField
          id="store-phone"
          label="Phone"
          type="tel"
          value={draft.phoneNumber}
          onChange={set('phoneNumber')}
          error={field('phoneNumber')}
        />
        <TextField
          id="store-location"
          label="Where in the venue"
          hint="Customers read it to find the store."
          value={draft.location}
          onChange={set('location')}
          error={field('location')}
        />
        <TextField
          id="store-tts"
          label="Order time (minutes)"
          hint="How long the store takes to make an order."
          inputMode="numeric"
          value={draft.ttsMinutes}
          onChange={set('ttsMinutes')}
          error={field('tts')}
        />
      </div>
      <fieldset
        className="choices choices-row"
        aria-describedby={field('vendorOrderConfiguration.availableServiceModes') ? 'store-modes-error' : undefined}
      >
        <legend>Service</legend>
        <label className="choice">
          <input type="checkbox" checked={draft.takeAway} onChange={check('takeAway')} /> Pick up
        </label>
        <label className="choice">
          <input type="checkbox" checked={draft.delivery} onChange={check('delivery')} /> Delivery
        </label>
        {field('vendorOrderConfiguration.availableServiceModes') && (
          <p id="store-modes-error" className="field-error">
            {field('vendorOrderConfiguration.availableServiceModes')}
          </p>
        )}
      </fieldset>
      <div className="form-grid">
        <TextField
          id="store-delivery-min"
          label="Smallest delivery order ($)"
          hint="Blank: no minimum."
          inputMode="decimal"
          value={draft.deliveryMin}
          onChange={set('deliveryMin')}
          error={field('vendorOrderConfiguration.deliveryMinAmount')}
        />
        <TextField
          id="store-delivery-km"
          label="Furthest delivery (km)"
          inputMode="decimal"
          value={draft.deliveryKm}
          onChange={set('deliveryKm')}
          error={field('vendorOrderConfiguration.deliveryMaxDistance')}
        />
        <TextField
          id="store-burden"
          label="Most burden in one order"
          hint="Blank: no limit."
          inputMode="numeric"
          value={draft.maxBurden}
          onChange={set('maxBurden')}
          error={field('vendorOrderConfiguration.maxBurdenPerOrder')}
        />
      </div>
      <fieldset className="choices choices-row">
        <legend>Payments taken</legend>
        <label className="choice">
          <input type="checkbox" checked={draft.applePay} onChange={check('applePay')} /> Apple Pay
        </label>
        <label className="choice">
          <input type="checkbox" checked={draft.googlePay} onChange={check('googlePay')} /> Google Pay
        </label>
        <label className="choice">
          <input type="checkbox" checked={draft.coupons} onChange={check('coupons')} /> Coupons
        </label>
      </fieldset>
      <ServiceChargesField rows={charges} onChange={setCharges} field={field} />
      <PictureField
        id="store-thumbnail"
        label="Store picture"
        assetId={draft.thumbnail}
        onChange={(thumbnail) => setDraft((current) => ({ ...current, thumbnail }))}
        error={field('displayAssets.thumbnailAssetId')}
      />
      <PictureField
        id="store-location-image"
        label="Location picture"
        hint="Shows customers where the store is."
        assetId={draft.locationImage}
        onChange={(locationImage) => setDraft((current) => ({ ...current, locationImage }))}
        error={field('displayAssets.locationImageAssetId')}
      />
      <FormError message={saver.problems.message} />
      <SaveBar busy={saver.busy} done={saver.done} label="Save settings" />
    </form>
  );
}

interface Window {
  key: number;
  weekday: string;
  opens: string;
  closes: string;
}

let nextKey = 1;

/** The store's week: windows per weekday (a closing time at or before the opening runs past midnight). */
export function OpeningHoursEditor({ menu, vendorId, reload, reset }: EditorProps) {
  const { venue } = useSession();
  const [windows, setWindows] = useState<Window[]>(() =>
    menu.store.openingHours.map((window) => ({ key: nextKey++, ...window })),
  );
  const saver = useSaver();
  const indexOf = (key: number) => windows.findIndex((window) => window.key === key);
  const change = (key: number, part: 'opens' | 'closes', value: string) =>
    setWindows((current) => current.map((window) => (window.key === key ? { ...window, [part]: value } : window)));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const openingHours = windows.map(({ weekday, opens, closes }) => ({
      weekday: weekday as (typeof WEEKDAY_NAMES)[number],
      opens,
      closes,
    }));
    if (await saver.save(() => patchStore(vendorId, { version: menu.store.version, openingHours }), 'Saved.')) reload();
  };
  return (
    <form className="panel editor-form" noValidate onSubmit={(event) => void submit(event)}>
      {saver.problems.conflict && (
        <ConflictNotice conflict={saver.problems.conflict} timeZone={venue.timeZone} onReload={reset} />
      )}
      <p className="field-hint">
        Times in {venue.timeZone}. A day with no hours is closed. Close at 24:00 for midnight.
      </p>
      <table className="table hours">
        <caption className="visually-hidden">Opening hours by weekday</caption>
        <tbody>
          {WEEK.map((day) => {
            const dayWindows = windows.filter((window) => window.weekday === day);
            return (
              <tr key={day}>
                <th scope="row">{capital(day)}</th>
                <td>
                  {dayWindows.length === 0 && <span className="cell-sub">Closed</span>}
                  {dayWindows.map((window, index) => {
                    const at = indexOf(window.key);
                    const opensError = saver.field(`openingHours[${at}].opens`);
                    const closesError = saver.field(`openingHours[${at}].closes`) ?? saver.field(`openingHours[${at}]`);
                    return (
                      <div key={window.key} className="hours-window">
                        <TextField
                          id={`hours-${window.key}-opens`}
                          label={
                            <>
                              <span className="visually-hidden">{capital(day)} </span>Opens
                              {dayWindows.length > 1 ? ` (${index + 1})` : ''}
                            </>
                          }
                          placeholder="HH:mm"
                          value={window.opens}
                          onChange={(event) => change(window.key, 'opens', event.target.value)}
                          error={opensError}
                        />
                        <TextField
                          id={`hours-${window.key}-closes`}
                          label={
                            <>
                              <span className="visually-hidden">{capital(day)} </span>Closes
                              {dayWindows.length > 1 ? ` (${index + 1})` : ''}
                            </>
                          }
                          placeholder="HH:mm"
                          pattern="([01]\d|2[0-3]):[0-5]\d|24:00"
                          value={window.closes}
                          onChange={(event) => change(window.key, 'closes', event.target.value)}
                          error={closesError}
                        />
                        <button
                          type="button"
                          className="button button-quiet button-small"
                          onClick={() => setWindows((current) => current.filter((other) => other.key !== window.key))}
                        >
                          Remove<span className="visually-hidden"> these {capital(day)} hours</span>
                        </button>
                      </div>
                    );
                  })}
                </td>
                <td className="hours-add">
                  <button
                    type="button"
                    className="button button-small"
                    onClick={() =>
                      setWindows((current) => [
                        ...current,
                        { key: nextKey++, weekday: day, opens: '09:00', closes: '17:00' },
                      ])
                    }
                  >
                    Add hours<span className="visually-hidden"> on {capital(day)}</span>
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <FormError message={saver.problems.message} />
      <SaveBar busy={saver.busy} done={saver.done} label="Save opening hours" />
    </form>
  );
}

interface TypeRow {
  key: number;
  name: string;
  /** its stored name; null for a new type */
  original: string | null;
}

/** The store's item types in the app's order: rename, move, add, remove (a removed type must have no items). */
export function ItemTypesEditor({ menu, vendorId, reload, reset }: EditorProps) {
  const { venue } = useSession();
  const [rows, setRows] = useState<TypeRow[]>(() =>
    menu.store.itemTypes.map((name) => ({ key: nextKey++, name, original: name })),
  );
  const [added, setAdded] = useState('');
  const saver = useSaver();
  const counts = new Map<string, number>();
  for (const item of menu.items) counts.set(item.itemType, (counts.get(item.itemType) ?? 0) + 1);
  const move = (index: number, by: number) =>
    setRows((current) => {
      const next = [...current];
      const [row] = next.splice(index, 1);
      next.splice(index + by, 0, row!);
      return next;
    });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const itemTypes = rows.map((row) => ({
      name: row.name.trim(),
      ...(row.original !== null && row.original !== row.name.trim() ? { renamedFrom: row.original } : {}),
    }));
    if (await saver.save(() => putItemTypes(vendorId, { version: menu.store.version, itemTypes }), 'Saved.')) reload();
  };
  const add = () => {
    if (!added.trim()) return;
    setRows((current) => [...current, { key: nextKey++, name: added.trim(), original: null }]);
    setAdded('');
  };
  return (
    <form className="panel editor-form" noValidate onSubmit={(event) => void submit(event)}>
      {saver.problems.conflict && (
        <ConflictNotice conflict={saver.problems.conflict} timeZone={venue.timeZone} onReload={reset} />
      )}
      <p className="field-hint">The order here is the order of the menu’s headings in the app.</p>
      <ol className="type-list">
        {rows.map((row, index) => (
          <li key={row.key} className="type-row">
            <TextField
              id={`type-${row.key}`}
              label={`Item type ${index + 1}`}
              hint={plural(counts.get(row.original ?? '') ?? 0, 'item')}
              value={row.name}
              onChange={(event) =>
                setRows((current) =>
                  current.map((other) => (other.key === row.key ? { ...other, name: event.target.value } : other)),
                )
              }
              error={saver.field(`itemTypes[${index}].name`) ?? saver.field(`itemTypes[${index}]`)}
            />
            <div className="type-actions">
              <button
                type="button"
                className="button button-small"
                disabled={index === 0}
                onClick={() => move(index, -1)}
              >
                Up<span className="visually-hidden">: {row.name}</span>
              </button>
              <button
                type="button"
                className="button button-small"
                disabled={index === rows.length - 1}
                onClick={() => move(index, 1)}
              >
                Down<span className="visually-hidden">: {row.name}</span>
              </button>
              <button
                type="button"
                className="button button-quiet button-small"
                disabled={(counts.get(row.original ?? '') ?? 0) > 0}
                title={(counts.get(row.original ?? '') ?? 0) > 0 ? 'Move or remove its items first' : undefined}
                onClick={() => setRows((current) => current.filter((other) => other.key !== row.key))}
              >
                Remove<span className="visually-hidden">: {row.name}</span>
              </button>
            </div>
          </li>
        ))}
      </ol>
      <div className="type-add">
        <TextField
          id="type-new"
          label="New item type"
          value={added}
          onChange={(event) => setAdded(event.target.value)}
        />
        <button type="button" className="button" onClick={add}>
          Add
        </button>
      </div>
      <FormError message={saver.problems.message} />
      <SaveBar busy={saver.busy} done={saver.done} label="Save item types" />
    </form>
  );
}
