import { useState, type FormEvent } from 'react';
import type { AdminStore } from '@venue/contract/admin-catalogue';
import { createStore } from '../../api/catalogue';
import { Dialog } from '../../components/dialog';
import { FormError, TextField } from '../../components/field';
import { useSaver } from '../../lib/use-saver';

const MINUTE_MS = 60_000;

/** A new store (admin only): its name, place and time to make an order; the menu comes after. */
export function AddStoreDialog({ onClose, onAdded }: { onClose: () => void; onAdded: (store: AdminStore) => void }) {
  const [draft, setDraft] = useState({
    storeName: '',
    location: '',
    phoneNumber: '',
    latitude: '',
    longitude: '',
    minutes: '10',
  });
  const saver = useSaver();
  const field = saver.field;
  const set = (name: keyof typeof draft) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [name]: event.target.value }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const latitude = Number(draft.latitude);
    const longitude = Number(draft.longitude);
    if (!draft.latitude.trim() || !Number.isFinite(latitude))
      found['geoLocation.latitude'] = 'Enter a latitude, e.g. -33.8472.';
    if (!draft.longitude.trim() || !Number.isFinite(longitude))
      found['geoLocation.longitude'] = 'Enter a longitude, e.g. 151.0634.';
    if (!/^\d+$/.test(draft.minutes.trim())) found.tts = 'Enter whole minutes, e.g. 10.';
    if (Object.keys(found).length > 0) {
      saver.refuse(found);
      return;
    }
    let created: AdminStore | null = null;
    const ok = await saver.save(async () => {
      created = await createStore({
        storeName: draft.storeName,
        location: draft.location,
        phoneNumber: draft.phoneNumber,
        geoLocation: { latitude, longitude },
        tts: Number(draft.minutes) * MINUTE_MS,
        vendorOrderConfiguration: { availableServiceModes: ['TakeAway'] },
      });
    }, 'Added.');
    if (ok && created) onAdded(created);
  };
  return (
    <Dialog title="Add a store" onClose={onClose}>
      <p>It starts with no menu and no opening hours: add them in its editor next.</p>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          id="new-store-name"
          label="Name"
          value={draft.storeName}
          onChange={set('storeName')}
          error={field('storeName')}
        />
        <TextField
          id="new-store-location"
          label="Where in the venue"
          value={draft.location}
          onChange={set('location')}
          error={field('location')}
        />
        <TextField
          id="new-store-phone"
          label="Phone"
          type="tel"
          value={draft.phoneNumber}
          onChange={set('phoneNumber')}
          error={field('phoneNumber')}
        />
        <div className="form-grid">
          <TextField
            id="new-store-latitude"
            label="Latitude"
            inputMode="decimal"
            value={draft.latitude}
            onChange={set('latitude')}
            error={field('geoLocation.latitude')}
          />
          <TextField
            id="new-store-longitude"
            label="Longitude"
            inputMode="decimal"
            value={draft.longitude}
            onChange={set('longitude')}
            error={field('geoLocation.longitude')}
          />
        </div>
        <TextField
          id="new-store-minutes"
          label="Order time (minutes)"
          inputMode="numeric"
          value={draft.minutes}
          onChange={set('minutes')}
          error={field('tts')}
        />
        <FormError message={saver.problems.message} />
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={saver.busy}>
            {saver.busy ? 'Adding…' : 'Add the store'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
