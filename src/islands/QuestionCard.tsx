/**
 * One question: text, the matrix image when there is one, and the options as a radio group. Arrow keys move
 * through the options as laid out (Up and Down by column) and choose without moving on; a click, Enter or Space chooses and moves on after 300 ms (spec part 1 §4).
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { Question } from '../stores/test-session.ts';
import type { AnswerValue } from '../lib/client/session.ts';
import type { T } from '../lib/client/texts.ts';
import type { TestKind } from '../domain/views.ts';
import { Icon } from '../components/Icon.tsx';
import { MATRIX_SIZE, OPTION_SIZE } from '../domain/matrices/sizes.ts';

interface Props {
  question: Question;
  number: number;
  total: number;
  kind: TestKind;
  selected: AnswerValue | undefined;
  onChoose: (value: AnswerValue, advance: boolean) => void;
  t: T;
}

/**
 * An item's picture, its drawn size given (width, height: square) so its place is kept before it loads: the card does
 * not grow under the reader, and a question is scrolled into place by its full height.
 */
function Picture({
  src,
  alt,
  t,
  className,
  size,
}: {
  src: string;
  alt: string;
  t: T;
  className: string;
  size: number;
}) {
  const [failed, setFailed] = useState(false);
  useEffect(() => setFailed(false), [src]);
  if (failed) {
    return (
      <div className={`${className} image-missing`} role="img" aria-label={`${t('question.image.not.found')}: ${alt}`}>
        <Icon name="warning" /> {t('question.image.not.found')}
      </div>
    );
  }
  return (
    <img
      className={className}
      src={encodeURI(src)}
      alt={alt}
      width={size}
      height={size}
      onError={() => setFailed(true)}
    />
  );
}

/** How many options a row of the group holds as laid out now: those on the first one's line. */
function columnsOf(options: (HTMLElement | null)[]): number {
  const tops = options.map((el) => el?.getBoundingClientRect().top ?? Number.NaN);
  return Math.max(1, tops.filter((top) => Math.abs(top - tops[0]) < 1).length);
}

/**
 * The option an arrow key moves to, following the grid as drawn (`columns` a row): Left and Right the previous and
 * next in reading order, Up and Down the one above and below in the same column; each wraps around at the ends, and
 * in a single row (or column) both pairs of keys step through it.
 */
function arrowTarget(from: number, step: number, vertical: boolean, columns: number, count: number): number {
  const rows = Math.ceil(count / columns);
  if (!vertical || rows === 1) return (from + step + count) % count;
  const column = from % columns;
  let row = (Math.floor(from / columns) + step + rows) % rows;
  // A last row shorter than the rest has no option under some columns: wrap past it.
  while (row * columns + column >= count) row = (row + step + rows) % rows;
  return row * columns + column;
}

export function QuestionCard({ question, number, total, kind, selected, onChoose, t }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  const radios = useRef<(HTMLButtonElement | null)[]>([]);
  const section = useRef<HTMLElement>(null);
  const values: AnswerValue[] = kind === 'professional' ? [true, false] : question.options.map((_, i) => i);
  const checkedIndex = values.findIndex((v) => v === selected);

  // Each question starts at its top: scrolled to just below the test's sticky bar when the last one left it out of
  // view (answering scrolls the options into view) or when the question would not end above the pinned Back / Next
  // (a matrix on a phone: then the whole of it shows at once), and focused there, so a keyboard or screen-reader user
  // starts at the new one. A frame later, because closing the jump dialog hands focus back to its opener first.
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const card = section.current;
      if (!card) return;
      const below = (document.querySelector<HTMLElement>('.test-bar')?.offsetHeight ?? 0) + 8;
      const above = innerHeight - (document.querySelector<HTMLElement>('.runner-nav')?.offsetHeight ?? 0);
      const { top, bottom } = card.getBoundingClientRect();
      if (top < below || top > innerHeight - 80 || bottom > above)
        window.scrollTo({ top: window.scrollY + top - below, behavior: 'instant' });
      heading.current?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [question.id]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -1, ArrowDown: 1 }[event.key];
    if (!step) return;
    event.preventDefault();
    const from = Math.max(
      0,
      radios.current.findIndex((el) => el === document.activeElement),
    );
    const vertical = event.key === 'ArrowUp' || event.key === 'ArrowDown';
    const to = arrowTarget(from, step, vertical, columnsOf(radios.current), values.length);
    radios.current[to]?.focus();
    onChoose(values[to], false);
  }

  const image = question.image;
  return (
    <section
      ref={section}
      className={image ? 'question-card question-card-matrix' : 'question-card'}
      aria-labelledby={`q-${question.id}-title`}
    >
      <h2 id={`q-${question.id}-title`} ref={heading} tabIndex={-1} className="question-number">
        {t('runner.question', { n: number, total })}
      </h2>
      <p className="question-text" id={`q-${question.id}-text`}>
        {question.text}
      </p>
      {image ? <Picture className="matrix-image" src={image.src} alt={image.alt} t={t} size={MATRIX_SIZE} /> : null}
      <div
        role="radiogroup"
        aria-labelledby={`q-${question.id}-text`}
        className={`options options-${image ? 'images' : kind === 'professional' ? 'yesno' : 'text'}`}
        onKeyDown={onKeyDown}
      >
        {values.map((value, i) => {
          const checked = i === checkedIndex;
          const focusable = checkedIndex === -1 ? i === 0 : checked;
          return (
            <button
              key={i}
              ref={(el) => {
                radios.current[i] = el;
              }}
              type="button"
              role="radio"
              aria-checked={checked}
              tabIndex={focusable ? 0 : -1}
              className={`option${checked ? ' option-checked' : ''}`}
              onClick={() => onChoose(value, true)}
            >
              <span className="option-mark" aria-hidden="true">
                {checked ? '●' : '○'}
              </span>
              {image ? (
                <Picture
                  className="option-image"
                  src={question.options[i]}
                  alt={image.optionAlts[i]}
                  t={t}
                  size={OPTION_SIZE}
                />
              ) : (
                <span className="option-label">{question.options[i]}</span>
              )}
            </button>
          );
        })}
      </div>
    </section>
  );
}
