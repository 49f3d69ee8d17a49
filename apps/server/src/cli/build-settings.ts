/**
 * Whether `npm start` must build the customer app (or the staff display) again: a build bakes in
 * the `VITE_*` settings it was made with (which venue it shows, its name, its colours), so one
 * made for another venue serves the wrong venue, or none. Each build `npm start` makes records its
 * settings in its folder (BUILD_SETTINGS_FILE); the next start compares them with its own.
 */

/** The record of a build's settings, in the build's folder. */
export const BUILD_SETTINGS_FILE = 'build-settings.json';

export type ViteSettings = Record<string, string>;

/** The `VITE_*` settings of an environment, by name; an empty value is unset, as the build reads it. */
export function viteSettingsOf(env: Record<string, string | undefined>): ViteSettings {
  return Object.fromEntries(
    Object.entries(env)
      .filter((entry): entry is [string, string] => entry[0].startsWith('VITE_') && !!entry[1])
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
}

const shown = (value: string | undefined) => (value === undefined ? 'unset' : JSON.stringify(value));

/**
 * Why the build of `what` must be made again, as one line, or null when its settings are these.
 * `recorded` null: the build records none (made before builds recorded them, or by `npm run build`),
 * taken as made without `VITE_*` settings, the defaults.
 */
export function rebuildReason(what: string, recorded: ViteSettings | null, current: ViteSettings): string | null {
  const built = recorded ?? {};
  const names = [...new Set([...Object.keys(built), ...Object.keys(current)])].sort();
  const changed = names.filter((name) => built[name] !== current[name]);
  if (changed.length === 0) return null;
  const details = changed.map((name) => `${name} ${shown(current[name])} (the build has ${shown(built[name])})`);
  return `Rebuilding ${what}: its build was made with other settings: ${details.join(', ')}.`;
}
