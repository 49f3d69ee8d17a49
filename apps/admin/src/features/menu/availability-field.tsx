/**
 * When an item can be ordered: always, or per weekday one or more windows ("HH:mm", both ends
 * included, the venue's time zone; a window that ends before it starts runs past midnight). The
 * catalogue format's `availability`: null for always, a weekday left out for not that day.
 */
import { useEffect, useRef } from 'react';
import { CATALOGUE_LIMITS, CatalogueAvailability, type CatalogueItem } from '@venue/contract/venue-catalogue';
import { jsonPath } from '@venue/domain/catalogue-rules';
import type { WeekdayName } from '@venue/domain/time-zone';
import { TextField } from '../../components/field';
import { WEEK, capital } from './store-settings';

interface DraftWindow {
  key: number;
  startTime: string;
  endTime: string;
}

export interface AvailabilityDraft {
  /** always available; the windows below are kept (not sent) so a change of mind loses nothing */
  always: boolean;
  days: Record<WeekdayName, DraftWindow[]>;
}

type Availability = CatalogueItem['availability'];

let nextKey = 1;
const NEW_WINDOW = { startTime: '09:00', endTime: '17:00' };

/** The form's draft of an item's availability. */
export function availabilityDraft(availability: Availability): AvailabilityDraft {
  return {
    always: availability === null,
    days: Object.fromEntries(
      WEEK.map((day) => [day, (availability?.[day] ?? []).map((window) => ({ key: nextKey++, ...window }))]),
    ) as AvailabilityDraft['days'],
  };
}

/** "9:30", "0930" and " 09:30 " as "09:30"; anything else as typed (the contract's rule then says why). */
export function tidyClock(text: string): string {
  const match = /^(\d{1,2}):?(\d{2})$/.exec(text.trim());
  return match ? `${match[1]!.padStart(2, '0')}:${match[2]}` : text.trim();
}

/** What the draft sends: null for always, else each weekday with windows (the others left out: not sold). */
export function availabilityOf(draft: AvailabilityDraft): Availability {
  if (draft.always) return null;
  return Object.fromEntries(
    WEEK.filter((day) => draft.days[day].length > 0).map((day) => [
      day,
      draft.days[day].map(({ startTime, endTime }) => ({
        startTime: tidyClock(startTime),
        endTime: tidyClock(endTime),
      })),
    ]),
  );
}

/** The contract's problems with an availability, keyed as the server's are ("availability.monday[0].endTime"). */
export function availabilityProblems(availability: Availability): Record<string, string> {
  const checked = CatalogueAvailability.safeParse(availability);
  const found: Record<string, string> = {};
  if (checked.success) return found;
  for (const issue of checked.error.issues) {
    found[jsonPath(['availability', ...issue.path]).replace(/^\$\./, '')] ??= issue.message;
  }
  return found;
}

export function AvailabilityField({
  draft,
  onChange,
  field,
  timeZone,
}: {
  draft: AvailabilityDraft;
  onChange: (next: AvailabilityDraft) => void;
  /** the problem at a field path, e.g. "availability.monday[0].endTime" */
  field: (path: string) => string | null;
  timeZone: string;
}) {
  // After a window is added or removed, where focus goes (the new window, or the day's Add button).
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });

  const setDay = (day: WeekdayName, windows: DraftWindow[]) =>
    onChange({ ...draft, days: { ...draft.days, [day]: windows } });
  const change = (day: WeekdayName, key: number, part: 'startTime' | 'endTime', value: string) =>
    setDay(
      day,
      draft.days[day].map((window) => (window.key === key ? { ...window, [part]: value } : window)),
    );
  const add = (day: WeekdayName) => {
    const key = nextKey++;
    focusNext.current = `item-availability-${day}-${key}-start`;
    setDay(day, [...draft.days[day], { key, ...NEW_WINDOW }]);
  };
  const remove = (day: WeekdayName, key: number) => {
    focusNext.current = `item-availability-${day}-add`;
    setDay(
      day,
      draft.days[day].filter((window) => window.key !== key),
    );
  };
  const copyMonday = () =>
    onChange({
      ...draft,
      days: Object.fromEntries(
        WEEK.map((day) => [
          day,
          day === 'monday' ? draft.days.monday : draft.days.monday.map((window) => ({ ...window, key: nextKey++ })),
        ]),
      ) as AvailabilityDraft['days'],
    });

  const wholeError = field('availability');
  const none = WEEK.every((day) => draft.days[day].length === 0);
  return (
    <fieldset className="availability" aria-describedby={wholeError ? 'item-availability-error' : undefined}>
      <legend>When it can be ordered</legend>
      <div className="choices choices-row">
        <label className="choice">
          <input
            type="radio"
            name="item-availability"
            checked={draft.always}
            onChange={() => onChange({ ...draft, always: true })}
          />{' '}
          Always available
        </label>
        <label className="choice">
          <input
            type="radio"
            name="item-availability"
            checked={!draft.always}
            onChange={() => onChange({ ...draft, always: false })}
          />{' '}
          At set times
        </label>
      </div>
      {wholeError && (
        <p id="item-availability-error" className="field-error">
          {wholeError}
        </p>
      )}
      {!draft.always && (
        <>
          <p className="field-hint">
            Times in {timeZone}, both ends included. A time that ends before it starts runs past midnight. A day with no
            times: not sold that day.
          </p>
          <table className="table hours availability-week">
            <caption className="visually-hidden">When it can be ordered, by weekday</caption>
            <tbody>
              {WEEK.map((day) => {
                const windows = draft.days[day];
                const dayError = field(`availability.${day}`);
                return (
                  <tr key={day}>
                    <th scope="row" id={`item-availability-${day}`}>
                      {capital(day)}
                    </th>
                    <td>
                      <div
                        role="group"
                        aria-labelledby={`item-availability-${day}`}
                        aria-describedby={dayError ? `item-availability-${day}-error` : undefined}
                      >
                        {windows.length === 0 && <span className="cell-sub">Not sold</span>}
                        {windows.map((window, index) => {
                          const at = `availability.${day}[${index}]`;
                          const number = windows.length > 1 ? ` (${index + 1})` : '';
                          return (
                            <div key={window.key} className="hours-window">
                              <TextField
                                id={`item-availability-${day}-${window.key}-start`}
                                label={
                                  <>
                                    <span className="visually-hidden">{capital(day)} </span>From{number}
                                  </>
                                }
                                placeholder="HH:mm"
                                autoComplete="off"
                                value={window.startTime}
                                onChange={(event) => change(day, window.key, 'startTime', event.target.value)}
                                onBlur={(event) => change(day, window.key, 'startTime', tidyClock(event.target.value))}
                                error={field(`${at}.startTime`)}
                              />
                              <TextField
                                id={`item-availability-${day}-${window.key}-end`}
                                label={
                                  <>
                                    <span className="visually-hidden">{capital(day)} </span>Until{number}
                                  </>
                                }
                                placeholder="HH:mm"
                                autoComplete="off"
                                value={window.endTime}
                                onChange={(event) => change(day, window.key, 'endTime', event.target.value)}
                                onBlur={(event) => change(day, window.key, 'endTime', tidyClock(event.target.value))}
                                error={field(`${at}.endTime`) ?? field(at)}
                              />
                              <button
                                type="button"
                                className="button button-quiet button-small"
                                onClick={() => remove(day, window.key)}
                              >
                                Remove
                                <span className="visually-hidden">
                                  {' '}
                                  {capital(day)} {window.startTime} to {window.endTime}
                                </span>
                              </button>
                            </div>
                          );
                        })}
                        {dayError && (
                          <p id={`item-availability-${day}-error`} className="field-error">
                            {dayError}
                          </p>
                        )}
                      </div>
                    </td>
                    <td className="hours-add">
                      <button
                        type="button"
                        id={`item-availability-${day}-add`}
                        className="button button-small"
                        disabled={windows.length >= CATALOGUE_LIMITS.windowsPerDay}
                        onClick={() => add(day)}
                      >
                        Add a time<span className="visually-hidden"> on {capital(day)}</span>
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <div className="availability-tools">
            <button
              type="button"
              className="button button-small"
              disabled={draft.days.monday.length === 0}
              onClick={copyMonday}
            >
              Copy Monday’s times to every day
            </button>
            {none && <p className="field-hint">With no times on any day, the item cannot be ordered.</p>}
          </div>
        </>
      )}
    </fieldset>
  );
}
