/**
 * The profile's account settings (issue 30, point 4): the name shown on certificates, the password (the current one
 * needed; other sessions end), the address (the password needed; it changes only when the link mailed to the new
 * address is followed). Each form says what happened in words, beside the form, for screen readers too.
 */
import { useState, type FormEvent } from 'react';
import { changeEmail, changePassword, renameAccount } from '../stores/account.ts';
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
  onChanged,
}: {
  t: T;
  lang: Lang;
  fullName: string;
  email: string;
  onChanged: () => void;
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
    setBusy('name');
    const r = await renameAccount(name, lang);
    setBusy(null);
    setNameSaid(r.ok ? { ok: true, text: t('profile.settings.name.saved') } : failed(r));
    if (r.ok) onChanged();
  }
  async function savePassword(event: FormEvent) {
    event.preventDefault();
    if (!current || !next) return setPasswordSaid({ ok: false, text: t('auth.error.fill.fields') });
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
    if (!newEmail.trim() || !emailPassword) return setEmailSaid({ ok: false, text: t('auth.error.fill.fields') });
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
    </div>
  );
}
