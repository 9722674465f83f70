/** Jump to any question: numbered buttons 5 per row; current, answered and unanswered differ by mark, not only colour. */
import { Dialog } from './Dialog.tsx';
import type { T } from '../lib/client/texts.ts';

interface Props {
  open: boolean;
  onClose: () => void;
  total: number;
  current: number;
  answered: (index: number) => boolean;
  onJump: (index: number) => void;
  t: T;
}

export function JumpDialog({ open, onClose, total, current, answered, onJump, t }: Props) {
  return (
    <Dialog open={open} onClose={onClose} labelledBy="jump-title" className="jump-dialog">
      <h2 id="jump-title">{t('runner.jump.title')}</h2>
      <ol className="jump-grid">
        {Array.from({ length: total }, (_, i) => {
          const state = i === current ? 'current' : answered(i) ? 'answered' : 'unanswered';
          return (
            <li key={i}>
              <button
                type="button"
                className={`jump-cell jump-${state}`}
                aria-current={i === current ? 'step' : undefined}
                aria-label={`${t('runner.jump.cell', { n: i + 1 })}, ${t(`runner.jump.${state}`)}`}
                onClick={(event) => {
                  // Closed here and now: the dialog hands focus back to its opener (scrolling to it) before the
                  // chosen question comes, to scroll itself into place and take the focus (QuestionCard). Its close
                  // event then tells the runner (onClose).
                  event.currentTarget.closest('dialog')?.close();
                  onJump(i);
                }}
              >
                {i + 1}
                <span aria-hidden="true" className="jump-mark">
                  {state === 'answered' ? '✓' : state === 'current' ? '•' : ''}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
      <ul className="jump-legend">
        <li>
          <span className="jump-swatch jump-current" aria-hidden="true">
            •
          </span>
          {t('runner.jump.current')}
        </li>
        <li>
          <span className="jump-swatch jump-answered" aria-hidden="true">
            ✓
          </span>
          {t('runner.jump.answered')}
        </li>
        <li>
          <span className="jump-swatch jump-unanswered" aria-hidden="true" />
          {t('runner.jump.unanswered')}
        </li>
      </ul>
      <button type="button" className="button button-ghost" onClick={onClose}>
        {t('runner.jump.close')}
      </button>
    </Dialog>
  );
}
