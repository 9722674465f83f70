/**
 * Text people type and other people read (names on profiles, certificates and payment orders): no control
 * characters (C0, DEL, C1), which can rewrite a log or a terminal, and no bidirectional embeddings, overrides or
 * isolates (U+202A–U+202E, U+2066–U+2069), which make a name read differently from what it is ("Trojan Source",
 * CVE-2021-42574). Letter marks such as LRM/RLM and joiners stay allowed.
 */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

export const isPlainText = (text: string): boolean => !UNSAFE.test(text) && text.isWellFormed();

/** The same text with anything unsafe removed, for names that come from elsewhere (Google's profile name). */
export const toPlainText = (text: string): string => text.replace(new RegExp(UNSAFE.source, 'g'), '').toWellFormed();
