// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { ProgressIndicator } from './progress-indicator';

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
});
