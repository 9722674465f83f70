/** Shapes of the results the server returns (teaser or full) and of the sample content pages pass in. */
import type { T } from '../lib/client/texts.ts';
import type { ResultsLinks } from './ResultsApp.tsx';
import type { IqReading } from '../domain/iq/reading.ts';
import type { Lang } from '../i18n/paths.ts';

/** What both result views receive besides the result itself. */
export interface ResultViewProps<R> {
  result: R;
  t: T;
  samples: SiteSamples;
  links: ResultsLinks;
  onRestart: () => void;
  resultId?: string;
  lang: Lang;
  premiumDays: number | null;
  signedIn: boolean;
}
export interface IqResultView extends IqReading {
  kind: 'iq';
  access: 'teaser' | 'full';
  language: Lang;
  formId: number;
  cautions: string[];
  score: number;
  maxScore: number;
  totalQuestions: number;
  correctAnswers: number;
  accuracy: number;
  timeSpent: number;
  breakdown?: Record<string, number>;
  speed?: string;
  correctness?: string;
  averageTimePerQuestion?: number;
  review?: {
    questionId: number;
    selectedAnswer: number;
    correctAnswer: number;
    correct: boolean;
    type: string;
    question: string;
    options: string[];
    image?: { src: string; alt: string; optionAlts: string[] };
    explanation: string;
  }[];
}

export interface CareerResultView {
  kind: 'professional';
  access: 'teaser' | 'full';
  language: Lang;
  primaryType: number;
  personalityType: string;
  tagline: string;
  color: string;
  totalQuestions: number;
  timeSpent: number;
  enneagramScores: Record<string, number>;
  tieBreakScores: Record<string, number>;
  tiedTypes: number[];
  tiedProfiles: { type: number; title: string; tagline: string; color: string }[];
  additionalQuestionsNeeded: boolean;
  secondaryType?: number;
  recommendedProfessions?: string[];
  strengthsDescription?: string;
  developmentAreas?: string[];
  profile?: Record<string, string> & {
    professions: string[];
    careerRoadmap: Record<string, string[]> & { recommendedProfessions: Record<string, string[]> };
  };
}

export interface SiteSamples {
  ranking: { rank: number; code: string; name: string; iq: number; people: string }[];
  shares: { above: number; percent: number }[];
  benchmarks: { name: string; note: string; iq: number }[];
  countries: { country: string; flag: string; averageIQ: number; population: string }[];
  testimonials: Record<'iq' | 'professional', { name: string; avatar: string; score: string; text: string; rating: number }[]>;
  recent: { name: string; avatar: string; score: number; time: string; label: string }[];
}
