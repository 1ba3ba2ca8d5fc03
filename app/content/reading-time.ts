/** Words per minute for "5 min. læsning": an unhurried reader of Danish prose. */
export const WORDS_PER_MINUTE = 200;

/** Words as a reader counts them: runs of text holding at least one letter or digit. */
export function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** Whole minutes, rounded up, and never less than one. */
export function readingMinutes(words: number): number {
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}
