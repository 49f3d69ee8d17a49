// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { AddressChoice, AddressService } from '../lib/address-service';
import { NO_ADDRESS_MATCH_MESSAGE, useAddressSearch } from './use-address-search';
import { AUTOCOMPLETE_DEBOUNCE_MS } from './use-debounced-value';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const PERTH: AddressChoice = { placeId: 'au-1', description: 'Perth WA 6000', streetAddress: '' };

/** A service whose suggestions come from `suggest`. */
function service(suggest: AddressService['suggest']): AddressService {
  return { suggest: vi.fn(suggest), resolve: vi.fn(async () => null), routes: vi.fn(async () => []) };
}

function search(suggest: AddressService['suggest']) {
  const used = service(suggest);
  const view = renderHook(() => useAddressSearch(used, { initial: null, centre: null, bias: null }));
  const type = (text: string) => act(() => view.result.current.setText(text));
  const pause = async (ms = AUTOCOMPLETE_DEBOUNCE_MS) => {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(ms);
    });
  };
  return { used, view, type, pause };
}

describe('useAddressSearch: telling the customer when nothing matches', () => {
  it('says so once the search has answered nothing, and not before (spec §9: 1000 ms debounce)', async () => {
    const { used, view, type, pause } = search(async () => []);
    expect(NO_ADDRESS_MATCH_MESSAGE).toBe('No matching address found. Try your suburb or postcode.');
    type('zzqxw');
    await pause(AUTOCOMPLETE_DEBOUNCE_MS - 1);
    expect(used.suggest).not.toHaveBeenCalled();
    expect(view.result.current.noMatch).toBe(false);
    await pause(1);
    expect(used.suggest).toHaveBeenCalledTimes(1);
    expect(view.result.current.noMatch).toBe(true);
    expect(view.result.current.searching).toBe(false);
  });

  it('has nothing to say when there are suggestions', async () => {
    const { view, type, pause } = search(async () => [PERTH]);
    type('Perth');
    await pause();
    expect(view.result.current.suggestions).toEqual([PERTH]);
    expect(view.result.current.noMatch).toBe(false);
  });

  it('keeps quiet while the customer types on, until the new text is searched', async () => {
    const { view, type, pause } = search(async (input) => (input === 'Perth' ? [PERTH] : []));
    type('Pertx');
    await pause();
    expect(view.result.current.noMatch).toBe(true);
    type('Perth');
    expect(view.result.current.noMatch).toBe(false);
    await pause();
    expect(view.result.current.noMatch).toBe(false);
    expect(view.result.current.suggestions).toEqual([PERTH]);
  });

  it('a search that failed is not a search that found nothing', async () => {
    const { view, type, pause } = search(async () => {
      throw new Error('Network Error');
    });
    type('Perth');
    await pause();
    expect(view.result.current.suggestions).toEqual([]);
    expect(view.result.current.noMatch).toBe(false);
  });

  it('says nothing for text too short to search', async () => {
    const { used, view, type, pause } = search(async () => []);
    type('P');
    await pause();
    expect(used.suggest).not.toHaveBeenCalled();
    expect(view.result.current.noMatch).toBe(false);
  });
});
