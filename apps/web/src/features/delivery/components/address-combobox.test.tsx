// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { AddressCombobox, type AddressComboboxProps } from './address-combobox';

afterEach(cleanup);

const MESSAGE = 'No matching address found. Try your suburb or postcode.';
const HINT = 'Start with your suburb or postcode';

function renderField(props: Partial<AddressComboboxProps> = {}) {
  return render(
    <AddressCombobox
      label="Delivery address"
      hint={HINT}
      value="zzqxw"
      onChange={vi.fn()}
      suggestions={[]}
      searching={false}
      onSelect={vi.fn()}
      {...props}
    />,
  );
}

const describedBy = () =>
  (screen.getByRole('combobox', { name: 'Delivery address' }).getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

describe('AddressCombobox message', () => {
  it('shows the message next to the field, describes the field with it and says it politely', () => {
    renderField({ message: MESSAGE });
    const status = screen.getByRole('status');
    expect(status.textContent).toBe(MESSAGE);
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.className).not.toBe('visually-hidden');
    expect(describedBy()).toEqual([HINT, MESSAGE]);
  });

  it('without a message the field is described by its hint alone, and the status only speaks', () => {
    renderField();
    expect(describedBy()).toEqual([HINT]);
    expect(screen.getByRole('status').className).toBe('visually-hidden');
    expect(screen.queryByText(MESSAGE)).toBeNull();
  });

  it('a search under way puts the message aside', () => {
    renderField({ message: MESSAGE, searching: true });
    expect(screen.getByRole('status').textContent).toBe('Searching addresses…');
    expect(screen.queryByText(MESSAGE)).toBeNull();
    expect(describedBy()).toEqual([HINT]);
  });

  it('is the same live region before and after the message arrives (so the change is announced)', () => {
    const { rerender } = renderField();
    const before = screen.getByRole('status');
    rerender(
      <AddressCombobox
        label="Delivery address"
        hint={HINT}
        value="zzqxw"
        onChange={vi.fn()}
        suggestions={[]}
        searching={false}
        onSelect={vi.fn()}
        message={MESSAGE}
      />,
    );
    expect(screen.getByRole('status')).toBe(before);
    expect(before.textContent).toBe(MESSAGE);
  });
});
