// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { emptyCardForm, NewCardForm, type CardFormState } from './card-form';
import { SavedCard } from './saved-card';

afterEach(cleanup);

function Harness({ showAllErrors = false }: { showAllErrors?: boolean }) {
  const [form, setForm] = useState<CardFormState>(emptyCardForm);
  return (
    <NewCardForm
      form={form}
      onChange={(patch) => setForm((current) => ({ ...current, ...patch }))}
      showAllErrors={showAllErrors}
    />
  );
}

/** The text of the elements that describe a field (aria-describedby). */
function description(field: HTMLElement): string {
  return (field.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

describe('NewCardForm (spec §5 new card; WCAG 1.3.5, 3.3.1)', () => {
  it('gives each field its autocomplete purpose', () => {
    render(<Harness />);
    const purposes = Object.fromEntries(
      ['Name on card', 'Card number', 'Month', 'Year', 'CVN'].map((label) => [
        label,
        screen.getByLabelText(label).getAttribute('autocomplete'),
      ]),
    );
    expect(purposes).toEqual({
      'Name on card': 'cc-name',
      'Card number': 'cc-number',
      Month: 'cc-exp-month',
      Year: 'cc-exp-year',
      CVN: 'cc-csc',
    });
  });

  it('ties each problem to its field once the field is left, and drops it when put right', () => {
    render(<Harness />);
    const number = screen.getByLabelText('Card number');
    expect(number.getAttribute('aria-invalid')).toBeNull();
    fireEvent.change(number, { target: { value: '4242' } });
    fireEvent.blur(number);
    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(description(number)).toBe('Please enter a card number of 13 to 16 digits');
    fireEvent.change(number, { target: { value: '4242 4242 4242 4242' } });
    expect(number.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Please enter a card number of 13 to 16 digits')).toBeNull();
  });

  it('says a full-length number failing the Luhn check needs checking, without waiting for blur', () => {
    render(<Harness />);
    const number = screen.getByLabelText('Card number');
    fireEvent.change(number, { target: { value: '4242 4242 4242 4241' } });
    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(description(number)).toBe('Please check your card number.');
    fireEvent.change(number, { target: { value: '4242 4242 4242 4242' } });
    expect(number.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Please check your card number.')).toBeNull();
  });

  it('says nothing about a shorter number while it is typed, and asks to check it once the field is left', () => {
    render(<Harness />);
    const number = screen.getByLabelText('Card number');
    fireEvent.change(number, { target: { value: '4242 4242 4242 4' } });
    expect(number.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Please check your card number.')).toBeNull();
    fireEvent.blur(number);
    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(description(number)).toBe('Please check your card number.');
  });

  it('after a pay attempt every field in error says why, each tied to its own message', () => {
    render(<Harness showAllErrors />);
    const expected: Record<string, string> = {
      'Name on card': 'Please enter the name on the card',
      'Card number': 'Please enter a card number of 13 to 16 digits',
      Month: 'Please choose the expiry month',
      Year: 'Please choose the expiry year',
      CVN: 'Please enter the 3 or 4 digit CVN',
    };
    for (const [label, message] of Object.entries(expected)) {
      const field = screen.getByLabelText(label);
      expect(field.getAttribute('aria-invalid'), label).toBe('true');
      expect(description(field), label).toBe(message);
    }
  });
});

describe('SavedCard CVN', () => {
  it('is a cc-csc field whose problem is tied to it', () => {
    function SavedHarness() {
      const [cvn, setCvn] = useState('');
      return (
        <SavedCard
          card={{
            maskedCreditCardNumber: '424242******4242',
            cardName: 'Sam Lee',
            expiryMonth: '12',
            expiryYear: '2030',
          }}
          cvn={cvn}
          onCvnChange={setCvn}
          onUseNewCard={() => undefined}
          showErrors={false}
        />
      );
    }
    render(<SavedHarness />);
    const cvn = screen.getByLabelText('CVN');
    expect(cvn.getAttribute('autocomplete')).toBe('cc-csc');
    fireEvent.change(cvn, { target: { value: '12' } });
    fireEvent.blur(cvn);
    expect(cvn.getAttribute('aria-invalid')).toBe('true');
    expect(description(cvn)).toBe('Please enter the 3 or 4 digit CVN');
  });
});
