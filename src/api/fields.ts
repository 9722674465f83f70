/** Body fields several contracts take, each with the rule the browser also applies (domain/contact.ts). */
import { z } from 'zod';
import { isLang, LANGS } from '../i18n/paths.ts';
import { isPhone, personName, phoneNumber } from '../domain/contact.ts';

/** The language a caller wants the answer in; absent means the request's own (endpoint.ts). */
export const langField = z.enum(LANGS).optional();

/**
 * `?lang=` in an address: a language we do not have is no error (a link, a bookmark, a browser's navigation), the
 * request's own language answers instead, as before the contracts.
 */
export const langQuery = z
  .string()
  .optional()
  .transform((value) => (isLang(value) ? value : undefined));

/** The message of a name with no visible letter or digit: it has an answer of its own (server/fields.ts). */
export const INVISIBLE_NAME = 'name.error.invisible';

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

export const phoneField = z
  .string()
  .refine(isPhone)
  .transform((raw) => phoneNumber(raw)!);

/** Our ids (users, results, orders' results): a UUID as PostgreSQL's gen_random_uuid writes it. */
export const uuidParam = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);

export const testKindField = z.enum(['iq', 'professional']);
