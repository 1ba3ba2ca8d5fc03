/**
 * Answers kept by key, at most `limit` of them whatever keys arrive: when full, the oldest goes
 * first. For pure work that the same few keys ask for again and again (a path's route, a date's
 * Danish text).
 */
export class BoundedMemo<K, V> {
  private readonly answers = new Map<K, V>();

  constructor(private readonly limit: number) {}

  get(key: K, compute: (key: K) => V): V {
    if (this.answers.has(key)) return this.answers.get(key)!;
    const answer = compute(key);
    if (this.answers.size >= this.limit) this.answers.delete(this.answers.keys().next().value!);
    this.answers.set(key, answer);
    return answer;
  }
}
