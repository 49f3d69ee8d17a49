import { describe, expect, it } from 'vitest';
import { buildFeatures } from './build-features.ts';

describe('build features for the server', () => {
  it('says whether a maps key is built in, never the key', () => {
    expect(buildFeatures({ mapsKey: '' })).toEqual({ maps: false });
    expect(buildFeatures({ mapsKey: '  ' })).toEqual({ maps: false });
    const features = buildFeatures({ mapsKey: 'AIza-secret-looking-key' });
    expect(features).toEqual({ maps: true });
    expect(JSON.stringify(features)).not.toContain('AIza');
  });
});
