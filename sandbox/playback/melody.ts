import { hashString, pick, seededRandom } from '../catalogue/random';

/**
 * A track's tune: tempo, key, a motif that wanders through a scale, a bass
 * line under it. Every sample is a pure function of its index, so any byte
 * range of the audio can be produced without rendering what comes before it,
 * which is what HTTP Range requests need.
 */

export const SAMPLE_RATE = 8000;

/** Semitone steps of the scales a tune may use, over two octaves. */
const SCALES: readonly (readonly number[])[] = [
  [0, 2, 4, 7, 9, 12, 14, 16, 19, 21], // major pentatonic
  [0, 3, 5, 7, 10, 12, 15, 17, 19, 22], // minor pentatonic
  [0, 2, 4, 5, 7, 9, 11, 12, 14, 16], // major
  [0, 2, 3, 5, 7, 8, 10, 12, 14, 15], // natural minor
];
const PROGRESSIONS: readonly (readonly number[])[] = [
  [0, 5, 3, 4],
  [0, 3, 4, 0],
  [0, 4, 5, 3],
  [5, 3, 0, 4],
];
const STEPS_PER_BAR = 8;
const MOTIF_STEPS = 16;
const REST = -1;

export interface MelodyPlan {
  totalSamples: number;
  samplesPerStep: number;
  rootHz: number;
  scale: readonly number[];
  /** Scale degree per motif step, or REST. */
  motif: readonly number[];
  /** Degree shift per 4-bar section, so the tune develops instead of looping. */
  sectionShifts: readonly number[];
  progression: readonly number[];
  /** Frequency of each scale degree, precomputed: sampleAt runs millions of times per track. */
  degreeHz: readonly number[];
}

export function planMelody(trackId: string, durationMs: number): MelodyPlan {
  const random = seededRandom(hashString(`audio:${trackId}`));
  const bpm = 84 + Math.floor(random() * 56);
  const samplesPerStep = Math.round((SAMPLE_RATE * 60) / bpm / 2);
  const rootSemitone = Math.floor(random() * 12);
  const scale = pick(random, SCALES);
  const motif: number[] = [];
  let degree = 2 + Math.floor(random() * 4);
  for (let i = 0; i < MOTIF_STEPS; i++) {
    if (i > 0 && random() < 0.15) {
      motif.push(REST);
      continue;
    }
    // A small random walk keeps the line singable rather than jumpy.
    degree = Math.min(scale.length - 1, Math.max(0, degree + Math.floor(random() * 5) - 2));
    motif.push(degree);
  }
  const sectionShifts = [0, 2, 0, -1, 1, 3].map((shift) => (random() < 0.3 ? 0 : shift));
  const rootHz = 220 * 2 ** (rootSemitone / 12);
  return {
    totalSamples: Math.max(1, Math.round((durationMs * SAMPLE_RATE) / 1000)),
    samplesPerStep,
    rootHz,
    scale,
    degreeHz: scale.map((semitones) => rootHz * 2 ** (semitones / 12)),
    motif,
    sectionShifts,
    progression: pick(random, PROGRESSIONS),
  };
}

function degreeHz(plan: MelodyPlan, degree: number): number {
  return plan.degreeHz[Math.min(plan.degreeHz.length - 1, Math.max(0, degree))] ?? plan.rootHz;
}

/** A plucked envelope: quick attack, exponential decay, short release before the next note. */
function pluck(elapsed: number, remaining: number, decay: number): number {
  const attack = Math.min(1, elapsed / 0.01);
  const release = Math.min(1, remaining / 0.012);
  return attack * release * Math.exp(-elapsed / decay);
}

/** The sample at index i, in [-1, 1]. */
export function sampleAt(plan: MelodyPlan, i: number): number {
  const t = i / SAMPLE_RATE;
  const step = Math.floor(i / plan.samplesPerStep);
  const stepStart = step * plan.samplesPerStep;
  const bar = Math.floor(step / STEPS_PER_BAR);
  const section = Math.floor(bar / 4);
  const shift = plan.sectionShifts[section % plan.sectionShifts.length] ?? 0;

  let value = 0;
  const degree = plan.motif[step % MOTIF_STEPS] ?? REST;
  if (degree !== REST) {
    const hz = degreeHz(plan, degree + shift);
    const elapsed = (i - stepStart) / SAMPLE_RATE;
    const remaining = (stepStart + plan.samplesPerStep - i) / SAMPLE_RATE;
    const tone = Math.sin(2 * Math.PI * hz * t) + 0.3 * Math.sin(4 * Math.PI * hz * t);
    value += 0.42 * tone * pluck(elapsed, remaining, 0.22);
  }

  const barSamples = plan.samplesPerStep * STEPS_PER_BAR;
  const barStart = bar * barSamples;
  const chord = plan.progression[bar % plan.progression.length] ?? 0;
  const bassHz = degreeHz(plan, chord) / 2;
  const bassElapsed = (i - barStart) / SAMPLE_RATE;
  const bassRemaining = (barStart + barSamples - i) / SAMPLE_RATE;
  value += 0.3 * Math.sin(2 * Math.PI * bassHz * t) * pluck(bassElapsed, bassRemaining, 0.9);

  // Fade in and out so a track neither starts nor stops with a click.
  const fadeIn = Math.min(1, t / 0.3);
  const fadeOut = Math.min(1, (plan.totalSamples - i) / (SAMPLE_RATE * 1.2));
  return value * fadeIn * fadeOut;
}
