/** Body fields several endpoints take, each with the rule the browser also applies (domain/contact.ts). */
import { z } from 'zod';
import type { Lang } from '../../i18n/index.ts';
import { LANGS } from '../../i18n/paths.ts';
import { isPhone, personName } from '../../domain/contact.ts';
import { invalidBody, jsonError } from './http.ts';

/** The language a caller wants the answer in; absent means the request's own (request.ts). */
export const langField = z.enum(LANGS).optional();

/** The issue's message for a name with no visible letter or digit: it has an answer of its own (nameRefusal). */
const INVISIBLE_NAME = 'name.error.invisible';

const cleanName = (raw: string, ctx: z.RefinementCtx) => {
  const checked = personName(raw);
  if (checked.ok) return checked.name;
  ctx.addIssue({ code: 'custom', message: checked.error === 'invisible' ? INVISIBLE_NAME : checked.error });
  return z.NEVER;
};

/** A name that must be given, stored as personName leaves it. */
export const fullNameField = z.string().transform(cleanName);

/** A name that may be left empty (sign-up): nothing but spaces means none. */
export const optionalNameField = z
  .string()
  .optional()
  .transform((raw, ctx) => (raw === undefined || !/\S/u.test(raw) ? undefined : cleanName(raw, ctx)));

export const phoneField = z.string().trim().refine(isPhone);

type Issues = { path: PropertyKey[]; code: string; message?: string }[];

/** A schema failure's answer (parseRequest's `invalid`): a name of only invisible characters is told so. */
export function nameRefusal(
  issues: Issues,
  lang: Lang,
  otherwise: (issues: Issues, lang: Lang) => Response = invalidBody,
): Response {
  return issues.some((issue) => issue.message === INVISIBLE_NAME)
    ? jsonError(400, INVISIBLE_NAME, lang)
    : otherwise(issues, lang);
}
