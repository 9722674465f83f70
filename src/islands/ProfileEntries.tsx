/** What the overview and the history both show: lists of saved results, and the premium gate over their details. */
import { useEffect, useState, type ReactNode } from 'react';
import { bandIsOpen, iqValueText } from '../lib/iq-reading.ts';
import { clock } from '../lib/client/texts.ts';
import { PaymentModal } from './PaymentModal.tsx';
import { takeResumedPurchase } from '../stores/payment.ts';
import { Icon } from '../components/Icon.tsx';
import type { CareerEntry, IqEntry, ProfileParts } from './profile-data.ts';

type ItemProps<E> = ProfileParts & { entry: E; premium: boolean };

/** One test's entries as a list, each drawn by `Item` (IqItem or CareerItem). */
export function Entries<E extends { id: string }>({
  entries,
  Item,
  ...rest
}: ProfileParts & { entries: E[]; premium: boolean; Item: (props: ItemProps<E>) => ReactNode }) {
  return (
    <ul className="history">
      {entries.map((entry) => (
        <Item key={entry.id} entry={entry} {...rest} />
      ))}
    </ul>
  );
}

/** Each entry is one card that is one link: the whole card opens the result, and takes a single Tab. */
function EntryCard({ href, head, details }: { href: string; head: ReactNode; details: ReactNode[] | null }) {
  return (
    <li>
      <a href={href} className="card history-card">
        <span className="history-head">{head}</span>
        {details?.map((line, i) => (
          <span key={i} className="history-details">
            {line}
          </span>
        ))}
      </a>
    </li>
  );
}

export function IqItem({ entry, premium, t, date, links }: ItemProps<IqEntry>) {
  const head = (
    <>
      <strong className="history-score">IQ {iqValueText(t, entry)}</strong> ·{' '}
      {entry.cautions?.length
        ? t('profile.history.caution')
        : bandIsOpen(entry)
          ? t(`profile.history.band.${entry.iqBound}`, { label: t(`iq.label.${entry.ratingLabel}`) })
          : t(`iq.label.${entry.ratingLabel}`)}{' '}
      · <time dateTime={entry.createdAt}>{date(entry.createdAt)}</time>
    </>
  );
  const details =
    premium && entry.subscores
      ? [
          // In words, as the result page has them; the weighted score only where it made the reading (before IRT).
          [
            t('profile.history.correct', { correct: entry.correctAnswers ?? 0, total: entry.totalQuestions ?? 0 }),
            ...(entry.scale === null
              ? [t('profile.history.score', { score: entry.score ?? 0, max: entry.maxScore ?? 0 })]
              : []),
            t('profile.history.time', { time: clock(entry.timeSpent ?? 0) }),
          ].join(' · '),
          // Counts, not percentages: with a few items a category, a share reads as more than it is (issue 43).
          entry.subscores
            .map(
              (s) =>
                `${t(`iq.category.${s.category}`)} ${t('results.iq.subscore.count', { right: s.right, items: s.items })}`,
            )
            .join(' · '),
        ]
      : null;
  return <EntryCard href={`${links.results}?id=${entry.id}`} head={head} details={details} />;
}

export function CareerItem({ entry, premium, t, lang, date, links }: ItemProps<CareerEntry>) {
  // As the result page says it: a type, a tie between two named equally, or no clear type among several.
  const tied = entry.tiedProfiles ?? [];
  const titles = new Intl.ListFormat(lang, { type: 'conjunction' }).format(tied.map((p) => p.title));
  const head = (
    <>
      {entry.noClearType ? (
        <>
          <strong>{t('profile.history.career.noClear')}</strong> · {titles}
        </>
      ) : tied.length === 2 ? (
        <>
          <strong>{titles}</strong> · {t('profile.history.career.between')}
        </>
      ) : (
        <>
          <strong>{entry.personalityType}</strong> · {t('results.career.primary')} {entry.primaryType}
        </>
      )}
      {entry.cautions?.length ? <> · {t('profile.history.caution')}</> : null} ·{' '}
      <time dateTime={entry.createdAt}>{date(entry.createdAt)}</time>
    </>
  );
  const each = entry.tiedDetails ?? [
    {
      title: '',
      recommendedProfessions: entry.recommendedProfessions ?? [],
      developmentAreas: entry.developmentAreas ?? [],
    },
  ];
  const named = (title: string) => (title ? `${title} — ` : '');
  const details =
    premium && entry.recommendedProfessions
      ? [
          <>
            {t('results.career.questions')}: {entry.totalQuestions} · {t('results.time')}: {clock(entry.timeSpent ?? 0)}
          </>,
          ...each.flatMap((p) => [
            <>
              {named(p.title)}
              {t('results.career.professions')}: {p.recommendedProfessions.slice(0, 3).join(', ')}
            </>,
            ...(p.developmentAreas.length
              ? [
                  <>
                    {named(p.title)}
                    {t('results.career.development')}: {p.developmentAreas.slice(0, 2).join('; ')}
                  </>,
                ]
              : []),
          ]),
        ]
      : null;
  return <EntryCard href={`${links.proResults}?id=${entry.id}`} head={head} details={details} />;
}

/**
 * What stands in for the details premium adds to the overview and the history. The profile is a signed-in page,
 * so "Get all results" opens the payment modal here (no result to attach: the subscription is the user's).
 */
export function ProfileGate({ t, lang, links }: Pick<ProfileParts, 't' | 'lang' | 'links'>) {
  const [open, setOpen] = useState(false);
  // Back from a payment declined after starting here, by its "Try again": the form opens again.
  useEffect(() => {
    if (takeResumedPurchase('profile')) setOpen(true);
  }, []);
  return (
    <div className="premium-gate">
      <p className="premium-badge">
        <Icon name="lock" /> {t('premium.feature')}
      </p>
      <p>{t('profile.gate')}</p>
      <button type="button" className="button" onClick={() => setOpen(true)}>
        {t('premium.unlock')}
      </button>
      <PaymentModal
        open={open}
        onClose={() => setOpen(false)}
        t={t}
        lang={lang}
        resultHref={links.profile}
        paymentResultHref={links.paymentResult}
      />
    </div>
  );
}
