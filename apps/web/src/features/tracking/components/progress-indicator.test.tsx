// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { ProgressIndicator } from './progress-indicator';
import styles from './progress-indicator.module.css';

afterEach(cleanup);

describe('ProgressIndicator', () => {
  it('has 8 steps and fills them up to the current one', () => {
    const { container } = render(<ProgressIndicator percent={57} step={4} />);
    const bar = screen.getByRole('progressbar', { name: 'Order progress' });
    expect(bar.children).toHaveLength(8);
    expect(container.querySelectorAll('[data-filled]')).toHaveLength(5);
    expect(bar.getAttribute('aria-valuenow')).toBe('57');
    expect(bar.getAttribute('aria-valuetext')).toBe('Step 5 of 8');
  });

  it('shows every step done, none still pulsing, and says complete once the order is ready', () => {
    const { container } = render(<ProgressIndicator percent={100} step={8} />);
    const bar = screen.getByRole('progressbar', { name: 'Order progress' });
    expect(container.querySelectorAll('[data-filled]')).toHaveLength(8);
    expect(bar.querySelectorAll(`.${styles.done}`)).toHaveLength(8);
    expect(bar.querySelectorAll(`.${styles.current}`)).toHaveLength(0);
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect(bar.getAttribute('aria-valuetext')).toBe('Complete: 8 of 8 steps');
  });

  it('keeps the last step under way, not complete, at 100 % of the estimate', () => {
    render(<ProgressIndicator percent={100} step={7} />);
    const bar = screen.getByRole('progressbar', { name: 'Order progress' });
    expect(bar.querySelectorAll(`.${styles.current}`)).toHaveLength(1);
    expect(bar.getAttribute('aria-valuetext')).toBe('Step 8 of 8');
  });
});
