import { describe, expect, it } from 'vitest';
import { OPS_CONTROL_EVENT_TYPES, OPS_DATA_EVENT_TYPES, OPS_EVENTS } from './ops-event-types.ts';

describe('ops event names', () => {
  it('names every event of the stream once, as the wire writes it', () => {
    expect(Object.values(OPS_EVENTS).sort()).toEqual([...OPS_DATA_EVENT_TYPES, ...OPS_CONTROL_EVENT_TYPES].sort());
    expect(OPS_EVENTS.menuItem).toBe('menu-item');
  });
});
