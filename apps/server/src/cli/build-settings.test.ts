import { describe, expect, it } from 'vitest';
import { rebuildReason, viteSettingsOf } from './build-settings.ts';

describe('npm start: rebuild when the VITE_* settings differ from the build', () => {
  it('reads only VITE_* settings, empty ones as unset', () => {
    expect(viteSettingsOf({ VITE_VENUE_ID: '50', VITE_VENUE_NAME: '', PORT: '3000', VITE_CLIENT_ID: '7' })).toEqual({
      VITE_CLIENT_ID: '7',
      VITE_VENUE_ID: '50',
    });
  });

  it('keeps a build made with the same settings', () => {
    expect(rebuildReason('the web app', { VITE_VENUE_ID: '50' }, { VITE_VENUE_ID: '50' })).toBeNull();
    expect(rebuildReason('the web app', null, {})).toBeNull();
  });

  it('rebuilds, saying why in one line, when a setting was added, changed or removed', () => {
    const reason = rebuildReason(
      'the web app',
      { VITE_VENUE_ID: '0', VITE_BRAND_COLOR: '#112233' },
      { VITE_VENUE_ID: '50', VITE_CLIENT_ID: '7' },
    );
    expect(reason).toBe(
      'Rebuilding the web app: its build was made with other settings: VITE_BRAND_COLOR unset (the build has "#112233"), ' +
        'VITE_CLIENT_ID "7" (the build has unset), VITE_VENUE_ID "50" (the build has "0").',
    );
    expect(reason).not.toContain('\n');
  });

  it('takes a build that records nothing as made with the defaults', () => {
    expect(rebuildReason('the staff display', null, { VITE_VENUE_ID: '50' })).toBe(
      'Rebuilding the staff display: its build was made with other settings: VITE_VENUE_ID "50" (the build has unset).',
    );
  });
});
