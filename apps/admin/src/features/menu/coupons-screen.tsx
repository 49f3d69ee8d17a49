import { useState, type FormEvent } from 'react';
import type { AdminCoupon, AdminCouponCreate } from '@venue/contract/admin-catalogue';
import { formatMoney, parseMajor } from '@venue/domain/money';
import { zonedTimeToUtc } from '@venue/domain/time-zone';
import { createCoupon, listCoupons, patchCoupon } from '../../api/catalogue';
import { ConflictNotice, LastChanged } from '../../components/conflict-notice';
import { DataTable, type Column } from '../../components/data-table';
import { Dialog } from '../../components/dialog';
import { FormError, SelectField, TextField } from '../../components/field';
import { LoadState } from '../../components/load-state';
import { PageHeader } from '../../components/page-header';
import { dayIn, formatDay, shiftDay, zoneName } from '../../lib/dates';
import { isAdmin, storeName, useSession } from '../../lib/session';
import { useLoad } from '../../lib/use-load';
import { useSaver } from '../../lib/use-saver';
import { MenuTabs } from './menu-tabs';
import { moneyText } from './store-settings';

/** What a coupon takes off: "10 % off", "$5.00 off", "the whole order". */
export function couponValue(coupon: Pick<AdminCoupon, 'kind' | 'value'>): string {
  if (coupon.kind === 'full') return 'The whole order';
  if (coupon.kind === 'fixed') return `${formatMoney(coupon.value)} off`;
  return `${(coupon.value / 100).toLocaleString('en-AU')} % off`;
}

/** When a coupon works, in venue days: "Always", "From …", "Until …", "… to …", and "Ended …" once past. */
export function validity(coupon: Pick<AdminCoupon, 'validFrom' | 'validUntil'>, zone: string, now = Date.now()) {
  const from = coupon.validFrom ? formatDay(dayIn(zone, Date.parse(coupon.validFrom))) : null;
  // validUntil is the instant after the last day
  const until = coupon.validUntil ? formatDay(dayIn(zone, Date.parse(coupon.validUntil) - 1)) : null;
  if (coupon.validUntil && Date.parse(coupon.validUntil) <= now) return `Ended ${until}`;
  if (from && until) return `${from} to ${until}`;
  if (from) return `From ${from}`;
  if (until) return `Until ${until}`;
  return 'Always';
}

/** The instant a venue day starts (validFrom), or the instant after it ends (validUntil). */
const dayStart = (day: string, timeZone: string) => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(zonedTimeToUtc({ year, month, day: date, hour: 0, minute: 0 }, timeZone)).toISOString();
};

/** The venue's coupons (a store manager: his stores'): add, edit, switch off. */
export default function CouponsScreen() {
  const { venue } = useSession();
  const coupons = useLoad('coupons', (signal) => listCoupons(signal));
  const [editing, setEditing] = useState<AdminCoupon | 'new' | null>(null);
  const zone = venue.timeZone;
  const columns: Column<AdminCoupon>[] = [
    { key: 'code', label: 'Code', sortValue: (coupon) => coupon.code, render: (coupon) => <code>{coupon.code}</code> },
    { key: 'value', label: 'Takes off', render: couponValue },
    {
      key: 'store',
      label: 'Store',
      sortValue: (coupon) => coupon.vendorId ?? -1,
      render: (coupon) => (coupon.vendorId === null ? 'Any store' : storeName(venue, coupon.vendorId)),
    },
    {
      key: 'valid',
      label: 'Valid',
      render: (coupon) => validity(coupon, zone),
    },
    {
      key: 'used',
      label: 'Used',
      numeric: true,
      sortValue: (coupon) => coupon.usedCount,
      render: (coupon) => `${coupon.usedCount}${coupon.usageLimit === null ? '' : ` of ${coupon.usageLimit}`}`,
    },
    {
      key: 'active',
      label: 'State',
      sortValue: (coupon) => (coupon.active ? 0 : 1),
      render: (coupon) =>
        coupon.active ? <span className="badge badge-done">On</span> : <span className="badge badge-neutral">Off</span>,
    },
    {
      key: 'actions',
      label: <span className="visually-hidden">Actions</span>,
      render: (coupon) => (
        <button type="button" className="button button-small" onClick={() => setEditing(coupon)}>
          Edit<span className="visually-hidden"> {coupon.code}</span>
        </button>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title="Menu"
        sub={`Stores, their menus and the coupons · days in ${zoneName(zone)}`}
        actions={
          <button type="button" className="button button-primary" onClick={() => setEditing('new')}>
            Add a coupon
          </button>
        }
      />
      <MenuTabs />
      <LoadState {...coupons} what="the coupons">
        {(list) => (
          <DataTable
            caption="Coupons customers can enter"
            columns={columns}
            rows={list}
            rowKey={(coupon) => coupon.id}
            initialSort={{ key: 'code', direction: 'ascending' }}
            empty="No coupons yet."
          />
        )}
      </LoadState>
      {editing && (
        <CouponDialog
          coupon={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            coupons.reload();
          }}
        />
      )}
    </>
  );
}

function CouponDialog({
  coupon,
  onClose,
  onSaved,
}: {
  coupon: AdminCoupon | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { manager, venue } = useSession();
  const zone = venue.timeZone;
  const [draft, setDraft] = useState({
    code: coupon?.code ?? '',
    kind: coupon?.kind ?? 'percentage',
    value:
      coupon === null
        ? ''
        : coupon.kind === 'fixed'
          ? moneyText(coupon.value)
          : coupon.kind === 'percentage'
            ? String(coupon.value / 100)
            : '',
    vendorId:
      coupon?.vendorId == null
        ? isAdmin(manager)
          ? ''
          : String(venue.stores[0]?.vendorId ?? '')
        : String(coupon.vendorId),
    description: coupon?.description ?? '',
    from: coupon?.validFrom ? dayIn(zone, Date.parse(coupon.validFrom)) : '',
    until: coupon?.validUntil ? dayIn(zone, Date.parse(coupon.validUntil) - 1) : '',
    limit: coupon?.usageLimit == null ? '' : String(coupon.usageLimit),
    active: coupon?.active ?? true,
  });
  const saver = useSaver();
  const field = saver.field;
  const set = (name: keyof typeof draft) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [name]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    let value = 0;
    if (draft.kind === 'fixed') {
      const minor = parseMajor(draft.value);
      if (minor === null || minor <= 0) found.value = 'Enter the amount off, like 5.00.';
      else value = minor;
    } else if (draft.kind === 'percentage') {
      const percent = Number(draft.value);
      if (!draft.value.trim() || !Number.isFinite(percent) || percent <= 0 || percent > 100)
        found.value = 'Enter the percentage off, from 0.01 to 100.';
      else value = Math.round(percent * 100);
    }
    const limit = draft.limit.trim() === '' ? null : Number(draft.limit);
    if (limit !== null && !(Number.isInteger(limit) && limit > 0))
      found.usageLimit = 'Enter how many orders may use it, or leave it blank for no limit.';
    if (draft.from && draft.until && draft.until < draft.from)
      found.validUntil = 'The last day must not be before the first.';
    if (Object.keys(found).length > 0) {
      saver.refuse(found);
      return;
    }
    const fields = {
      code: draft.code.trim().toUpperCase(),
      kind: draft.kind,
      value,
      vendorId: draft.vendorId === '' ? null : Number(draft.vendorId),
      description: draft.description,
      validFrom: draft.from ? dayStart(draft.from, zone) : null,
      validUntil: draft.until ? dayStart(shiftDay(draft.until, 1), zone) : null,
      usageLimit: limit,
      active: draft.active,
    } satisfies AdminCouponCreate;
    if (
      await saver.save(
        () => (coupon ? patchCoupon(coupon.id, { version: coupon.version, ...fields }) : createCoupon(fields)),
        'Saved.',
      )
    )
      onSaved();
  };

  return (
    <Dialog title={coupon ? `Edit coupon ${coupon.code}` : 'Add a coupon'} onClose={onClose} wide>
      {coupon && <LastChanged {...coupon} timeZone={zone} />}
      {saver.problems.conflict && (
        <ConflictNotice conflict={saver.problems.conflict} timeZone={zone} onReload={onSaved} />
      )}
      <form noValidate onSubmit={(event) => void submit(event)}>
        <div className="form-grid">
          <TextField
            id="coupon-code"
            label="Code"
            hint="Capital letters, digits, - or _."
            autoCapitalize="characters"
            value={draft.code}
            onChange={set('code')}
            error={field('code')}
          />
          <SelectField
            id="coupon-kind"
            label="Takes off"
            value={draft.kind}
            onChange={set('kind')}
            error={field('kind')}
          >
            <option value="percentage">A percentage</option>
            <option value="fixed">An amount</option>
            <option value="full">The whole order</option>
          </SelectField>
          {draft.kind !== 'full' && (
            <TextField
              id="coupon-value"
              label={draft.kind === 'fixed' ? 'Amount off ($)' : 'Percentage off (%)'}
              inputMode="decimal"
              value={draft.value}
              onChange={set('value')}
              error={field('value')}
            />
          )}
          <SelectField
            id="coupon-store"
            label="Store"
            value={draft.vendorId}
            onChange={set('vendorId')}
            error={field('vendorId')}
          >
            {isAdmin(manager) && <option value="">Any store</option>}
            {venue.stores.map((store) => (
              <option key={store.vendorId} value={String(store.vendorId)}>
                {store.storeName}
              </option>
            ))}
          </SelectField>
          <TextField
            id="coupon-from"
            label="First day"
            hint="Blank: from now."
            type="date"
            value={draft.from}
            onChange={set('from')}
            error={field('validFrom')}
          />
          <TextField
            id="coupon-until"
            label="Last day"
            hint="Blank: no end."
            type="date"
            value={draft.until}
            onChange={set('until')}
            error={field('validUntil')}
          />
          <TextField
            id="coupon-limit"
            label="Orders it may pay for"
            hint="Blank: no limit."
            inputMode="numeric"
            value={draft.limit}
            onChange={set('limit')}
            error={field('usageLimit')}
          />
        </div>
        <TextField
          id="coupon-description"
          label="Description"
          value={draft.description}
          onChange={set('description')}
          error={field('description')}
        />
        <label className="choice">
          <input
            type="checkbox"
            checked={draft.active}
            onChange={(event) => setDraft({ ...draft, active: event.target.checked })}
          />{' '}
          Customers can use it
        </label>
        <FormError message={saver.problems.message} />
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={saver.busy}>
            {saver.busy ? 'Saving…' : coupon ? 'Save the coupon' : 'Add the coupon'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
