/**
 * Before a result not saved to an account is thrown away by "Start again": says so, and offers to sign in and keep
 * it (coming back to this result, saved), to start again anyway, or to stay. Focus goes into the dialog and back to
 * the button when it closes (<dialog>); Escape is Cancel.
 */
import type { T } from '../lib/client/texts.ts';
import { unsavedKinds } from '../stores/results.ts';
import { Dialog } from './Dialog.tsx';
import { SignInLink } from './ResultParts.tsx';
import type { ResultsLinks } from './results-data.ts';
import type { TestKind } from '../domain/views.ts';

interface Props {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
  t: T;
  kind: TestKind;
  signedIn: boolean;
  links: ResultsLinks;
}

export function RestartDialog({ open, onClose, onConfirm, t, kind, signedIn, links }: Props) {
  // Starting again clears every temporary result (spec part 1 §2), so an unsaved one of the other test goes too.
  const other = open ? unsavedKinds().find((k) => k !== kind) : undefined;
  return (
    <Dialog open={open} onClose={onClose} labelledBy="restart-title" describedBy="restart-text">
      <h2 id="restart-title">{t('results.restart.title')}</h2>
      <div id="restart-text">
        <p>{t(signedIn ? 'results.restart.unsavedSignedIn' : 'results.restart.unsaved')}</p>
        {other ? <p>{t(`results.restart.other.${other}`)}</p> : null}
      </div>
      <div className="dialog-actions">
        {signedIn ? null : (
          <SignInLink className="button" kind={kind} links={links}>
            {t('results.restart.signin')}
          </SignInLink>
        )}
        <button type="button" className="button button-ghost" onClick={onConfirm}>
          {t('results.restart.anyway')}
        </button>
        <button type="button" className="button button-ghost" onClick={onClose}>
          {t('results.restart.cancel')}
        </button>
      </div>
    </Dialog>
  );
}
