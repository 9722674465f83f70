/**
 * The profile's account settings (issue 30, points 4 and 5): the name shown on certificates, the password (the
 * current one needed; other sessions end), the address (the password needed; it changes only when the link mailed to
 * the new address is followed), the account's data as a file, and deleting the account — behind a second step that
 * says what goes and what stays, with the password (or, for an account without one, a fresh Google sign-in). Each
 * form says what happened in words, beside the form, for screen readers too.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { isPersonName } from '../domain/contact.ts';
import { changeEmail, changePassword, deleteAccount, EXPORT_URL, renameAccount } from '../stores/account.ts';
import { rememberReturnTo } from '../lib/client/auth-state.ts';
import { failureText } from '../lib/client/failure-text.ts';
import type { Failure } from '../lib/client/call.ts';
import type { Lang } from '../i18n/paths.ts';

type T = (key: string, vars?: Record<string, string | number>) => string;
type Said = { ok: boolean; text: string } | null;

function Said({ said, id }: { said: Said; id: string }) {
  if (!said) return null;
  return (
    <p
      id={id}
      role={said.ok ? 'status' : 'alert'}
      className={said.ok ? 'notice notice-success' : 'notice notice-error'}
    >
      {said.text}
    </p>
  );
}

export function ProfileSettings({
  t,
  lang,
  fullName,
  email,
  hasPassword,
  premium,
  links,
  onChanged,
  onDeleted,
}: {
  t: T;
  lang: Lang;
  fullName: string;
  email: string;
  hasPassword: boolean;
  /** Premium or a renewal that may still charge: deleting ends the one and stops the other. */
  premium: boolean;
  links: { google: string; refund: string; settings: string };
  onChanged: () => void;
  onDeleted: () => void;
}) {
  const [name, setName] = useState(fullName);
  const [nameSaid, setNameSaid] = useState<Said>(null);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [passwordSaid, setPasswordSaid] = useState<Said>(null);
  const [newEmail, setNewEmail] = useState('');
  const [emailPassword, setEmailPassword] = useState('');
  const [emailSaid, setEmailSaid] = useState<Said>(null);
  const [busy, setBusy] = useState<'name' | 'password' | 'email' | null>(null);
  const failed = (r: Failure): Said => ({ ok: false, text: failureText(r, t, lang) });

  async function saveName(event: FormEvent) {
    event.preventDefault();
    // Said here, in words about the name, rather than the server's general "fields missing" (issue 31).
    if (!isPersonName(name)) return setNameSaid({ ok: false, text: t('profile.settings.name.invalid') });
    setBusy('name');
    const r = await renameAccount(name, lang);
    setBusy(null);
    setNameSaid(r.ok ? { ok: true, text: t('profile.settings.name.saved') } : failed(r));
    if (r.ok) onChanged();
  }
  async function savePassword(event: FormEvent) {
    event.preventDefault();
    if (!current || !next) return setPasswordSaid({ ok: false, text: t('profile.settings.fill') });
    setBusy('password');
    const r = await changePassword(current, next);
    setBusy(null);
    setPasswordSaid(r.ok ? { ok: true, text: t('profile.settings.password.saved') } : failed(r));
    if (r.ok) {
      setCurrent('');
      setNext('');
    }
  }
  async function saveEmail(event: FormEvent) {
    event.preventDefault();
    if (!newEmail.trim() || !emailPassword) return setEmailSaid({ ok: false, text: t('profile.settings.fill') });
    setBusy('email');
    const r = await changeEmail(newEmail.trim(), emailPassword, lang);
    setBusy(null);
    setEmailSaid(r.ok ? { ok: true, text: t('profile.settings.email.sent', { email: r.data.pending }) } : failed(r));
    if (r.ok) setEmailPassword('');
  }

  return (
    <div className="settings">
      <form className="card" onSubmit={(e) => void saveName(e)} aria-labelledby="settings-name" noValidate>
        <h2 id="settings-name">{t('profile.settings.name.title')}</h2>
        <div className="field">
          <label htmlFor="settings-full-name">{t('profile.settings.name.label')}</label>
          <input
            id="settings-full-name"
            autoComplete="name"
            maxLength={100}
            value={name}
            aria-describedby="settings-name-hint"
            onChange={(e) => setName(e.target.value)}
          />
          <p id="settings-name-hint" className="field-hint">
            {t('profile.settings.name.hint')}
            {fullName ? null : <strong> {t('profile.settings.name.missing')}</strong>}
          </p>
        </div>
        <button type="submit" className="button" disabled={busy === 'name'}>
          {t('profile.settings.save')}
        </button>
        <Said said={nameSaid} id="settings-name-said" />
      </form>

      <form className="card" onSubmit={(e) => void savePassword(e)} aria-labelledby="settings-password" noValidate>
        <h2 id="settings-password">{t('profile.settings.password.title')}</h2>
        <div className="field">
          <label htmlFor="settings-current">{t('profile.settings.password.current')}</label>
          <input
            id="settings-current"
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="settings-new">{t('profile.settings.password.new')}</label>
          <input
            id="settings-new"
            type="password"
            autoComplete="new-password"
            minLength={6}
            value={next}
            aria-describedby="settings-new-hint"
            onChange={(e) => setNext(e.target.value)}
          />
          <p id="settings-new-hint" className="field-hint">
            {t('profile.settings.password.hint')}
          </p>
        </div>
        <button type="submit" className="button" disabled={busy === 'password'}>
          {t('profile.settings.password.submit')}
        </button>
        <Said said={passwordSaid} id="settings-password-said" />
      </form>

      <form className="card" onSubmit={(e) => void saveEmail(e)} aria-labelledby="settings-email" noValidate>
        <h2 id="settings-email">{t('profile.settings.email.title')}</h2>
        <p className="muted">{t('profile.settings.email.current', { email })}</p>
        <div className="field">
          <label htmlFor="settings-new-email">{t('profile.settings.email.new')}</label>
          <input
            id="settings-new-email"
            type="email"
            autoComplete="email"
            value={newEmail}
            onChange={(e) => setNewEmail(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="settings-email-password">{t('profile.settings.email.password')}</label>
          <input
            id="settings-email-password"
            type="password"
            autoComplete="current-password"
            value={emailPassword}
            onChange={(e) => setEmailPassword(e.target.value)}
          />
        </div>
        <button type="submit" className="button" disabled={busy === 'email'}>
          {t('profile.settings.email.submit')}
        </button>
        <Said said={emailSaid} id="settings-email-said" />
      </form>

      <section className="card" aria-labelledby="settings-data">
        <h2 id="settings-data">{t('profile.settings.data.title')}</h2>
        <p>{t('profile.settings.data.text')}</p>
        <a className="button button-ghost" href={EXPORT_URL} download>
          {t('profile.settings.data.download')}
        </a>
      </section>

      <DeleteAccount
        t={t}
        lang={lang}
        hasPassword={hasPassword}
        premium={premium}
        links={links}
        onDeleted={onDeleted}
      />
    </div>
  );
}

/** Deleting the account: a first button opens the step that says what goes and what stays, and asks who it is. */
function DeleteAccount({
  t,
  lang,
  hasPassword,
  premium,
  links,
  onDeleted,
}: {
  t: T;
  lang: Lang;
  hasPassword: boolean;
  premium: boolean;
  links: { google: string; refund: string; settings: string };
  onDeleted: () => void;
}) {
  const [open, setOpen] = useState(() => typeof location !== 'undefined' && location.hash === '#delete-account');
  const [password, setPassword] = useState('');
  const [said, setSaid] = useState<Said>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const start = useRef<HTMLButtonElement>(null);
  const passwordField = useRef<HTMLInputElement>(null);
  const opened = useRef(false);
  useEffect(() => {
    // Focus follows the step: to its heading when it opens, back to the button when it closes (not on first render).
    if (open) heading.current?.focus();
    else if (opened.current) start.current?.focus();
    opened.current = true;
  }, [open]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (hasPassword && !password) {
      setSaid({ ok: false, text: t('profile.settings.delete.passwordMissing') });
      return passwordField.current?.focus();
    }
    setBusy(true);
    const r = await deleteAccount(password, lang);
    setBusy(false);
    if (r.ok) return onDeleted();
    setSaid({ ok: false, text: failureText(r, t, lang) });
  }

  return (
    <section className="card settings-delete" id="delete-account" aria-labelledby="settings-delete">
      <h2 id="settings-delete">{t('profile.settings.delete.title')}</h2>
      <p>{t('profile.settings.delete.text')}</p>
      {!open ? (
        <button ref={start} type="button" className="button button-danger" onClick={() => setOpen(true)}>
          {t('profile.settings.delete.start')}
        </button>
      ) : (
        <form onSubmit={(e) => void submit(e)} aria-labelledby="settings-delete-confirm" noValidate>
          <h3 id="settings-delete-confirm" ref={heading} tabIndex={-1}>
            {t('profile.settings.delete.confirm')}
          </h3>
          <ul className="settings-delete-list">
            <li>{t('profile.settings.delete.gone')}</li>
            <li>{t('profile.settings.delete.certs')}</li>
            {premium ? (
              <li>
                {t('profile.settings.delete.premium')} <a href={links.refund}>{t('profile.settings.delete.refund')}</a>
              </li>
            ) : null}
            <li>{t('profile.settings.delete.kept')}</li>
          </ul>
          <p className="muted">
            <a href={EXPORT_URL} download>
              {t('profile.settings.delete.exportFirst')}
            </a>
          </p>
          {hasPassword ? (
            <div className="field">
              <label htmlFor="settings-delete-password">{t('profile.settings.delete.password')}</label>
              <input
                id="settings-delete-password"
                ref={passwordField}
                aria-invalid={said?.ok === false ? true : undefined}
                aria-describedby={said ? 'settings-delete-said' : undefined}
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </div>
          ) : (
            <div className="settings-delete-google">
              <p>{t('profile.settings.delete.google')}</p>
              <a className="button button-ghost" href={links.google} onClick={() => rememberReturnTo(links.settings)}>
                {t('profile.settings.delete.googleButton')}
              </a>
            </div>
          )}
          <div className="settings-delete-actions">
            <button type="submit" className="button button-danger" disabled={busy}>
              {t('profile.settings.delete.submit')}
            </button>
            <button type="button" className="button button-ghost" onClick={() => (setOpen(false), setSaid(null))}>
              {t('profile.settings.delete.cancel')}
            </button>
          </div>
          <Said said={said} id="settings-delete-said" />
        </form>
      )}
    </section>
  );
}
