/**
 * The test-taking screen: a bar that stays on screen (labelled timer, position, progress, leave), the answered
 * count with the jump dialog, the question card, navigation, and the leave confirmation.
 */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import {
  $allAnswered,
  $current,
  $currentSet,
  $lang,
  $progress,
  $tieAttempt,
  $tieFailure,
  answer,
  finishSet,
  goTo,
  next,
  prev,
  record,
  resetTest,
} from '../stores/test-session.ts';
import { clock, type T } from '../lib/client/texts.ts';
import { failureText } from '../lib/client/failure-text.ts';
import { DEFAULT_ATTEMPTS } from '../lib/client/call.ts';
import { QuestionCard } from './QuestionCard.tsx';
import { JumpDialog } from './JumpDialog.tsx';
import { Dialog } from './Dialog.tsx';
import type { TestKind } from '../domain/views.ts';

export function Runner({ kind, homeHref, t }: { kind: TestKind; homeHref: string; t: T }) {
  const progress = useStore($progress);
  const set = useStore($currentSet);
  const question = useStore($current);
  const allAnswered = useStore($allAnswered);
  const tieFailure = useStore($tieFailure);
  const tieAttempt = useStore($tieAttempt);
  const lang = useStore($lang);
  const [now, setNow] = useState(Date.now());
  const [jumpOpen, setJumpOpen] = useState(false);
  const [leaveOpen, setLeaveOpen] = useState(false);

  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, []);

  if (!question) return null;
  const total = set.length;
  const index = Math.min(progress.index, total - 1);
  const answeredCount = set.filter((q) => String(q.id) in progress.answers).length;
  const isLast = index === total - 1;
  const selected = progress.answers[question.id]?.selectedAnswer;

  // Keyed by the set of statements: when the tie-break statements follow the core ones, their notice, card and
  // navigation are drawn anew rather than pushed down from where the last core statement stood (a layout shift of
  // 0.054 on a phone when the tie-break arrived more than half a second after the last answer).
  return (
    <div className="runner" key={progress.mode}>
      <h1 className="visually-hidden">{t(`intro.${kind}.title`)}</h1>
      <div className="test-bar">
        <div className="test-bar-row">
          <p className="runner-timer">
            <span className="runner-label">{t('runner.elapsed')}</span>{' '}
            <span role="timer" aria-live="off">
              {clock(now - progress.startedAt)}
            </span>
          </p>
          {/* The question grid from the bar itself: on a phone the line below scrolls away with each question. */}
          <p className="runner-counter">
            <button
              type="button"
              className="link-button runner-counter-button"
              aria-label={t('runner.jump.fromCounter', {
                counter: t('runner.counter', { n: index + 1, total }),
                n: answeredCount,
              })}
              onClick={() => setJumpOpen(true)}
            >
              {t('runner.counter', { n: index + 1, total })}
            </button>
          </p>
          <button type="button" className="button button-ghost test-leave" onClick={() => setLeaveOpen(true)}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
            </svg>
            {t('runner.leave')}
          </button>
        </div>
        <div
          className="progress"
          role="progressbar"
          aria-label={t('runner.progress')}
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={index + 1}
          aria-valuetext={t('runner.counter', { n: index + 1, total })}
        >
          <div className="progress-fill" style={{ width: `${((index + 1) / total) * 100}%` }} />
          <div className="progress-answered" style={{ width: `${(answeredCount / total) * 100}%` }} />
        </div>
      </div>
      <p className="runner-counts">
        {t('runner.answered', { n: answeredCount })} · {t('runner.remaining', { n: total - answeredCount })}
        <button type="button" className="link-button" onClick={() => setJumpOpen(true)}>
          {t('runner.jump.open')}
        </button>
      </p>

      {progress.mode === 'additional' ? (
        <div className="notice notice-tiebreak" role="note">
          <strong>{t('runner.tiebreak.title')}</strong> {t('runner.tiebreak.text', { n: total })}
        </div>
      ) : null}

      <QuestionCard
        question={question}
        number={index + 1}
        total={total}
        kind={kind}
        selected={selected}
        onChoose={(value, advance) => (advance ? answer(value) : record(value))}
        t={t}
      />

      {tieAttempt > 0 ? (
        <p className="notice" role="status">
          {t('call.retrying', { n: tieAttempt, max: DEFAULT_ATTEMPTS })}
        </p>
      ) : null}
      {tieFailure ? (
        <p className="notice notice-error" role="alert">
          {failureText(tieFailure, t, lang)}
        </p>
      ) : null}
      {isLast ? (
        <p className="runner-note">
          {allAnswered ? t('runner.last.ready') : t('runner.last.missing', { n: total - answeredCount })}
        </p>
      ) : allAnswered ? (
        <p className="runner-note">{t('runner.ready')}</p>
      ) : null}

      <div className="runner-nav">
        <button type="button" className="button button-ghost" onClick={prev} disabled={index === 0}>
          {t('runner.prev')}
        </button>
        <div className="runner-nav-forward">
          {isLast && allAnswered ? null : (
            <button
              type="button"
              className={allAnswered ? 'button button-ghost' : 'button'}
              onClick={next}
              disabled={isLast}
            >
              {t('runner.next')}
            </button>
          )}
          {allAnswered ? (
            <button type="button" className="button" onClick={() => void finishSet()}>
              {t('runner.finish')}
            </button>
          ) : null}
        </div>
      </div>
      <JumpDialog
        open={jumpOpen}
        onClose={() => setJumpOpen(false)}
        total={total}
        current={index}
        answered={(i) => String(set[i]?.id) in progress.answers}
        onJump={goTo}
        t={t}
      />

      <Dialog open={leaveOpen} onClose={() => setLeaveOpen(false)} labelledBy="leave-title">
        <h2 id="leave-title">{t('runner.leave.title')}</h2>
        <p>{t('runner.leave.text')}</p>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={() => setLeaveOpen(false)}>
            {t('runner.leave.stay')}
          </button>
          <button
            type="button"
            className="button button-ghost"
            onClick={() => {
              resetTest(kind);
              window.location.assign(homeHref);
            }}
          >
            {t('runner.leave.confirm')}
          </button>
        </div>
      </Dialog>
    </div>
  );
}
