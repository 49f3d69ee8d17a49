import { useState } from 'react';
import type { Menu, MenuItem } from '@venue/contract/menu';
import type { MenuItemPatch, VendorPatch } from '@venue/contract/ops-catalogue';
import type { Vendor } from '@venue/contract/venue';

/** The times to service a store can pick, in minutes. */
export const TTS_CHOICES_MIN = [1, 2, 5, 10, 15, 20, 30, 45, 60] as const;

export interface StoreControlsProps {
  vendor: Vendor;
  menu: Menu | null;
  busy: string | null;
  message: { ok: boolean; text: string } | null;
  onVendor: (patch: VendorPatch, key: string) => void;
  onItem: (item: MenuItem, patch: MenuItemPatch, key: string) => void;
}

function stockText(item: MenuItem): string {
  if (!item.visible) return 'Hidden';
  if (item.currentInventory === 0) return 'Sold out';
  if (item.currentInventory === null) return 'In stock';
  return `${item.currentInventory} left`;
}

/** Open or close, pause ('Back Soon'), time to service, and per item sold out, restock and hide. */
export function StoreControls({ vendor, menu, busy, message, onVendor, onItem }: StoreControlsProps) {
  const ttsMin = Math.round(vendor.tts / 60_000);
  const [tts, setTts] = useState(String(ttsMin));
  const [filter, setFilter] = useState('');
  const items = (menu?.items ?? []).filter((item) => item.name.toLowerCase().includes(filter.trim().toLowerCase()));
  return (
    <section className="controls" aria-labelledby="controls-title">
      <h2 id="controls-title">Store controls</h2>
      <p className="controls-state" role="status">
        {vendor.storeName} is{' '}
        <strong>{!vendor.isOpen ? 'closed' : vendor.isPaused ? 'paused (customers see Back Soon)' : 'open'}</strong>.
      </p>
      <div className="controls-row">
        <button
          type="button"
          className="action action-secondary"
          disabled={busy !== null}
          onClick={() => onVendor({ isOpen: !vendor.isOpen }, 'open')}
        >
          {vendor.isOpen ? 'Close store' : 'Open store'}
        </button>
        <button
          type="button"
          className="action action-secondary"
          disabled={busy !== null}
          onClick={() => onVendor({ isPaused: !vendor.isPaused }, 'pause')}
        >
          {vendor.isPaused ? 'Resume orders' : 'Pause (Back Soon)'}
        </button>
      </div>
      <form
        className="controls-row"
        onSubmit={(event) => {
          event.preventDefault();
          onVendor({ tts: Number(tts) * 60_000 }, 'tts');
        }}
      >
        <label htmlFor="tts">Time to service</label>
        <select id="tts" className="select" value={tts} onChange={(event) => setTts(event.target.value)}>
          {[...new Set([...TTS_CHOICES_MIN, ttsMin])]
            .sort((a, b) => a - b)
            .map((minutes) => (
              <option key={minutes} value={minutes}>
                {minutes} min
              </option>
            ))}
        </select>
        <button type="submit" className="action action-secondary" disabled={busy !== null || Number(tts) === ttsMin}>
          Set time
        </button>
      </form>
      <p className={message && !message.ok ? 'controls-message ticket-error' : 'controls-message'} role="status">
        {message?.text ?? ''}
      </p>
      <h3 className="items-title">Menu items</h3>
      <label className="filter">
        <span>Find an item</span>
        <input className="input" type="search" value={filter} onChange={(event) => setFilter(event.target.value)} />
      </label>
      <ul className="items">
        {items.map((item) => (
          <li key={item.id} className="item">
            <span className="item-name">{item.name}</span>
            <span className={`item-stock stock-${item.currentInventory === 0 || !item.visible ? 'off' : 'on'}`}>
              {stockText(item)}
            </span>
            <span className="item-actions">
              {item.currentInventory === 0 ? (
                <button
                  type="button"
                  className="action action-secondary"
                  disabled={busy !== null}
                  onClick={() => onItem(item, { currentInventory: null }, `item-${item.id}`)}
                  aria-label={`Restock ${item.name}`}
                >
                  Restock
                </button>
              ) : (
                <button
                  type="button"
                  className="action action-secondary"
                  disabled={busy !== null}
                  onClick={() => onItem(item, { currentInventory: 0 }, `item-${item.id}`)}
                  aria-label={`Mark ${item.name} sold out`}
                >
                  Sold out
                </button>
              )}
              <button
                type="button"
                className="action action-secondary"
                disabled={busy !== null}
                onClick={() => onItem(item, { visible: !item.visible }, `item-${item.id}`)}
                aria-label={`${item.visible ? 'Hide' : 'Show'} ${item.name}`}
              >
                {item.visible ? 'Hide' : 'Show'}
              </button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
