/** The answer to a body whose name field is refused: a name of only invisible characters is told so. */
import type { Lang } from '../../i18n/index.ts';
import { INVISIBLE_NAME } from '../../api/fields.ts';
import { invalidBody, jsonError } from './http.ts';

export { fullNameField, langField, optionalNameField, phoneField } from '../../api/fields.ts';

type Issues = { path: PropertyKey[]; code: string; message?: string }[];

/** A schema failure's answer (endpoint's `invalid`): a name of only invisible characters is told so. */
export function nameRefusal(
  issues: Issues,
  lang: Lang,
  otherwise: (issues: Issues, lang: Lang) => Response = invalidBody,
): Response {
  return issues.some((issue) => issue.message === INVISIBLE_NAME)
    ? jsonError(400, INVISIBLE_NAME, lang)
    : otherwise(issues, lang);
}
