import { useEffect, useState } from 'react';
import type { AddressPlace } from '@venue/contract/address';
import type { GeoLocation } from '@venue/contract/common';
import { ADDRESS_NOT_FOUND_MESSAGE } from '@venue/domain/delivery';
import type { AddressChoice, AddressService } from '../lib/address-service';
import { useDebouncedValue } from './use-debounced-value';

/** Fewer characters than this are not looked up. */
export const MIN_SEARCH_LENGTH = 2;

/** Said next to the field when a search answered nothing, so the customer knows why the list is empty. */
export const NO_ADDRESS_MATCH_MESSAGE = 'No matching address found. Try your suburb or postcode.';

export interface AddressSearch {
  text: string;
  setText: (text: string) => void;
  suggestions: AddressChoice[];
  searching: boolean;
  /**
   * the search for the text as it stands answered no suggestion (a failed search is not one: it is
   * told as a connection problem)
   */
  noMatch: boolean;
  /** the chosen suggestion, resolved */
  address: AddressPlace | null;
  resolving: boolean;
  /** 'Cannot find your address. Please try again.' when the chosen suggestion does not resolve */
  problem: string | null;
  choose: (choice: AddressChoice) => void;
}

/**
 * The address field's logic: suggestions for the text once typing pauses (spec §9: 1000 ms), and
 * the chosen one resolved to a delivery address. Typing again forgets the chosen address.
 */
export function useAddressSearch(
  service: AddressService,
  options: { initial: AddressPlace | null; centre: GeoLocation | null; bias: GeoLocation | null },
): AddressSearch {
  const { centre, bias } = options;
  const [text, setTextState] = useState(options.initial?.addressDescription ?? '');
  const [chosenText, setChosenText] = useState<string | null>(options.initial?.addressDescription ?? null);
  // suggestions are kept with the text they answer, so a stale answer is never shown for new text
  const [results, setResults] = useState<{ query: string; found: AddressChoice[]; failed: boolean } | null>(null);
  const [address, setAddress] = useState<AddressPlace | null>(options.initial);
  const [resolving, setResolving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const debounced = useDebouncedValue(text.trim());

  const wanted = debounced.length >= MIN_SEARCH_LENGTH && debounced !== chosenText?.trim();

  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    service
      .suggest(debounced, { centre, bias, signal: controller.signal })
      .then(
        (found) => ({ found, failed: false }),
        () => ({ found: [], failed: true }),
      )
      .then(({ found, failed }) => {
        if (!controller.signal.aborted) setResults({ query: debounced, found, failed });
      });
    return () => controller.abort();
    // centre and bias refine the next search; a change of them alone does not search again
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted, debounced, service]);

  const current = wanted && results?.query === debounced ? results : null;
  const suggestions = current?.found ?? [];
  const searching = wanted && current === null;
  // Only for the text as typed: while the customer types on, the last answer no longer speaks for it.
  const noMatch = current !== null && !current.failed && current.found.length === 0 && text.trim() === debounced;

  const setText = (value: string) => {
    setTextState(value);
    if (chosenText !== null && value !== chosenText) {
      setChosenText(null);
      setAddress(null);
    }
    setProblem(null);
  };

  const choose = (choice: AddressChoice) => {
    setTextState(choice.description);
    setChosenText(choice.description);
    setProblem(null);
    setAddress(null);
    setResolving(true);
    service
      .resolve(choice)
      .then((resolved) => {
        setAddress(resolved);
        if (!resolved) setProblem(ADDRESS_NOT_FOUND_MESSAGE);
      })
      .catch(() => setProblem(ADDRESS_NOT_FOUND_MESSAGE))
      .finally(() => setResolving(false));
  };

  return { text, setText, suggestions, searching, noMatch, address, resolving, problem, choose };
}
