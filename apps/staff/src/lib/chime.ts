/**
 * The new-order chime: two short tones made with Web Audio (no sound file to load). Browsers play
 * sound only after a tap on the page, so sound is switched on with one tap and stays on.
 */
let context: AudioContext | null = null;

/** Unlocks audio; call from the tap that switches sound on. */
export async function enableSound(): Promise<boolean> {
  try {
    context ??= new AudioContext();
    await context.resume();
    return context.state === 'running';
  } catch {
    return false;
  }
}

export function chime(): void {
  if (!context || context.state !== 'running') return;
  const start = context.currentTime;
  for (const [offset, frequency] of [
    [0, 880],
    [0.18, 1320],
  ] as const) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.3, start + offset + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.25);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start + offset);
    oscillator.stop(start + offset + 0.3);
  }
}
