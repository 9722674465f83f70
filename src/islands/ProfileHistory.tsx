/** The profile's history tab: every saved result of each test, newest first, or a way to take the test. */
import type { ProfileData, ProfileParts } from './profile-data.ts';
import { CareerItem, Entries, IqItem, ProfileGate } from './ProfileEntries.tsx';

export function ProfileHistory({ data, ...parts }: ProfileParts & { data: ProfileData }) {
  const { t, links } = parts;
  const { iq, pro, premium, empty } = data;
  return (
    <>
      <h2>{t('profile.history.iq')}</h2>
      {iq.length ? (
        <Entries {...parts} entries={iq} premium={premium} Item={IqItem} />
      ) : (
        <p className="muted">
          {t('profile.history.none')} <a href={links.iqTest}>{t('nav.cta.iq')}</a>
        </p>
      )}
      <h2>{t('profile.history.professional')}</h2>
      {pro.length ? (
        <Entries {...parts} entries={pro} premium={premium} Item={CareerItem} />
      ) : (
        <p className="muted">
          {t('profile.history.none')} <a href={links.proTest}>{t('nav.cta.prof')}</a>
        </p>
      )}
      {!premium && !empty ? <ProfileGate {...parts} /> : null}
    </>
  );
}
