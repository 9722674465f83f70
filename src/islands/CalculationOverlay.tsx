/**
 * "Calculating": status lines every 400 ms with a progress bar equal to the share of steps done; at the end
 * 100 %, then 300 ms later it reports done (spec part 1 §4).
 */
import { useEffect, useState } from 'react';
import type { T } from '../lib/client/texts.ts';

export const STEP_MS = 400;
export const END_MS = 300;

export function CalculationOverlay({ steps, t, onDone }: { steps: string[]; t: T; onDone: () => void }) {
  const [step, setStep] = useState(0);
  const finished = step >= steps.length;
  useEffect(() => {
    if (finished) {
      const timer = setTimeout(onDone, END_MS);
      return () => clearTimeout(timer);
    }
    const timer = setTimeout(() => setStep((s) => s + 1), STEP_MS);
    return () => clearTimeout(timer);
  }, [step, finished, onDone]);
  const percent = finished ? 100 : Math.round((step / steps.length) * 100);
  return (
    <div className="overlay" role="dialog" aria-modal="true" aria-labelledby="overlay-title">
      <div className="overlay-card">
        <div className="spinner" aria-hidden="true" />
        <h2 id="overlay-title">{t('overlay.title')}</h2>
        <p className="overlay-status" aria-live="polite">
          {steps[Math.min(step, steps.length - 1)]}
        </p>
        <div
          className="progress"
          role="progressbar"
          aria-label={t('overlay.title')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <div className="progress-fill" style={{ width: `${percent}%` }} />
        </div>
        <p className="overlay-percent" aria-hidden="true">
          {percent}%
        </p>
      </div>
    </div>
  );
}
