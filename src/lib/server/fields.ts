/** Body fields several endpoints take, each with the rule the browser also applies (domain/contact.ts). */
import { z } from 'zod';
import { LANGS } from '../../i18n/paths.ts';
import { isPlainText } from '../../domain/text.ts';
import { isPersonName, isPhone, NAME_MAX_LENGTH } from '../../domain/contact.ts';

/** The language a caller wants the answer in; absent means the request's own (request.ts). */
export const langField = z.enum(LANGS).optional();

/** A name that must be given, stored trimmed. */
export const fullNameField = z.string().trim().refine(isPersonName);

/** A name that may be left empty (sign-up). */
export const optionalNameField = z.string().max(NAME_MAX_LENGTH).refine(isPlainText).optional();

export const phoneField = z.string().trim().refine(isPhone);
