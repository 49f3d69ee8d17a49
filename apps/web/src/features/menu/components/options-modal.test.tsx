// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { Modifier } from '@venue/contract/menu';
import { makeMenu } from '../../../test/fixtures';
import { optionGroupsOf } from '../lib/menu-view';
import { OptionsModal } from './options-modal';

afterEach(cleanup);

const menu = makeMenu();
const burger = menu.items.find((item) => item.name === 'Burger')!;

function open(onAdd = vi.fn<(modifiers: Modifier[]) => void>()) {
  render(<OptionsModal item={burger} groups={optionGroupsOf(burger, menu)} onAdd={onAdd} onClose={vi.fn()} />);
  const dialog = screen.getByRole('dialog', { name: 'Burger' });
  // a group of one choice has radios, the others checkboxes
  const box = (name: string) =>
    (within(dialog).queryByRole('radio', { name: new RegExp(`^${name}`) }) ??
      within(dialog).getByRole('checkbox', { name: new RegExp(`^${name}`) })) as HTMLInputElement;
  return { dialog, box, onAdd };
}

describe('options modal (spec §5 modifier groups)', () => {
  it("shows the item's visible groups with price deltas, the default chosen", () => {
    const { dialog, box } = open();
    expect(within(dialog).getByText('Choose a side')).toBeTruthy();
    expect(within(dialog).getByText('Sauces')).toBeTruthy();
    expect(within(dialog).queryByText('Hidden group')).toBeNull();
    expect(box('Chips').checked).toBe(true);
    expect(box('Side salad').checked).toBe(false);
    expect(box('Side salad').closest('label')?.textContent).toContain('+$1.50');
  });

  it('choosing beyond the maximum lets go of the earliest choice; choosing again deselects', () => {
    const { box } = open();
    // one side at most: the new side replaces the default
    fireEvent.click(box('Side salad'));
    expect([box('Chips').checked, box('Side salad').checked]).toEqual([false, true]);
    // two sauces at most
    fireEvent.click(box('Tomato'));
    fireEvent.click(box('BBQ'));
    fireEvent.click(box('Aioli'));
    expect([box('Tomato').checked, box('BBQ').checked, box('Aioli').checked]).toEqual([false, true, true]);
    fireEvent.click(box('BBQ'));
    expect(box('BBQ').checked).toBe(false);
  });

  it("'Add to Order' with a required group short shows 'Missing options' with the group names, and adds nothing", () => {
    const { box, onAdd } = open();
    fireEvent.click(box('Chips'));
    fireEvent.click(screen.getByRole('button', { name: 'Add to Order' }));
    const missing = screen.getByRole('dialog', { name: 'Missing options' });
    expect(within(missing).getByText('Please select the following required option')).toBeTruthy();
    expect(within(missing).getByText('Choose a side')).toBeTruthy();
    expect(onAdd).not.toHaveBeenCalled();
    fireEvent.click(within(missing).getByRole('button', { name: 'Ok' }));
    expect(screen.queryByRole('dialog', { name: 'Missing options' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Burger' })).toBeTruthy();
  });

  it("'Add to Order' hands over the chosen modifiers and shows the item total", () => {
    const { dialog, box, onAdd } = open();
    fireEvent.click(box('Side salad'));
    fireEvent.click(box('Aioli'));
    expect(dialog.textContent).toContain('$18.50');
    fireEvent.click(screen.getByRole('button', { name: 'Add to Order' }));
    expect(onAdd).toHaveBeenCalledTimes(1);
    expect(onAdd.mock.calls[0]![0].map((m) => m.name)).toEqual(['Side salad', 'Aioli']);
  });

  it('draws a group of at most one choice as a radio group, its default checked on opening; others stay checkboxes', () => {
    const { dialog } = open();
    const sides = within(dialog).getByRole('radiogroup', { name: 'Choose a side' });
    expect(sides.tagName).toBe('FIELDSET');
    const radios = within(sides).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((radio) => radio.type)).toEqual(['radio', 'radio']);
    expect(new Set(radios.map((radio) => radio.name)).size, 'one name: the arrow keys move within the group').toBe(1);
    expect(within(sides).getByRole('radio', { name: 'Chips' })).toHaveProperty('checked', true);
    expect(within(sides).getByRole('radio', { name: /^Side salad/ })).toHaveProperty('checked', false);
    expect(within(sides).queryByRole('checkbox')).toBeNull();
    expect(within(sides).queryByRole('radio', { name: 'None' }), 'a required group has no None').toBeNull();
    expect(sides.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(sides.getAttribute('aria-describedby')!)?.textContent).toBe('Required · choose 1');

    // Sauces (up to 2) keeps its checkboxes, and no radiogroup
    expect(within(dialog).getAllByRole('radiogroup')).toHaveLength(1);
    expect(
      within(dialog)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('name')),
    ).toHaveLength(3);
  });

  it('adds the pre-checked default with the item when the customer changes nothing', () => {
    const { onAdd } = open();
    fireEvent.click(screen.getByRole('button', { name: 'Add to Order' }));
    expect(onAdd.mock.calls[0]![0].map((m) => m.name)).toEqual(['Chips']);
  });

  it('an optional group of one choice offers None, checked until something is chosen, and choosing it clears the group', () => {
    const optional = {
      ...menu,
      modifierGroups: menu.modifierGroups.map((group) =>
        group.id === 1 ? { ...group, minimumChoices: 0, defaultModifierId: null } : group,
      ),
    };
    const onAdd = vi.fn<(modifiers: Modifier[]) => void>();
    render(<OptionsModal item={burger} groups={optionGroupsOf(burger, optional)} onAdd={onAdd} onClose={vi.fn()} />);
    const sides = screen.getByRole('radiogroup', { name: 'Choose a side' });
    const none = within(sides).getByRole('radio', { name: 'None' }) as HTMLInputElement;
    const chips = within(sides).getByRole('radio', { name: 'Chips' }) as HTMLInputElement;
    expect(none.checked).toBe(true);
    fireEvent.click(chips);
    expect([none.checked, chips.checked]).toEqual([false, true]);
    fireEvent.click(none);
    expect([none.checked, chips.checked]).toEqual([true, false]);
    fireEvent.click(screen.getByRole('button', { name: 'Add to Order' }));
    expect(onAdd.mock.calls[0]![0]).toEqual([]);
  });

  it('tapping the chosen radio again deselects it (spec §5), leaving a required group short', () => {
    const { box, onAdd } = open();
    fireEvent.click(box('Chips'));
    expect(box('Chips').checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Add to Order' }));
    expect(screen.getByRole('dialog', { name: 'Missing options' })).toBeTruthy();
    expect(onAdd).not.toHaveBeenCalled();
  });
});
