/**
 * What counts as an emoji on our pages: a pictograph (Unicode's Extended_Pictographic) or half of a flag (a regional
 * indicator). Linux often has no glyph for them and Windows draws flags as two letters, so icons are inline SVG
 * (src/components/Icon.tsx). ©, ® and ™ are Extended_Pictographic too, but typographic marks with a text glyph in
 * every font: the footer's "© 2026" stays.
 */
const EMOJI = /(?![©®™])\p{Extended_Pictographic}|\p{Regional_Indicator}/gu;

/** The emoji in text, each once, in order of appearance. */
export const emojiIn = (text: string): string[] => [...new Set(text.match(EMOJI) ?? [])];
