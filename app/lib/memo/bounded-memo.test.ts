import { describe, expect, it } from "vitest";
import { BoundedMemo } from "./bounded-memo";

describe("BoundedMemo", () => {
  it("computes a key once and answers it from memory after that", () => {
    const memo = new BoundedMemo<string, number>(10);
    let computed = 0;
    const length = (key: string) => (computed++, key.length);
    expect([memo.get("loppe", length), memo.get("loppe", length), memo.get("marked", length)]).toEqual([5, 5, 6]);
    expect(computed).toBe(2);
  });

  it("keeps no more than its limit, forgetting the oldest first", () => {
    const memo = new BoundedMemo<number, number>(2);
    const seen: number[] = [];
    const twice = (key: number) => (seen.push(key), key * 2);
    for (const key of [1, 2, 3, 2, 1]) memo.get(key, twice);
    // 3 pushed 1 out; 2 was still there; 1 had to be computed again.
    expect(seen).toEqual([1, 2, 3, 1]);
  });

  it("keeps an answer of undefined as an answer", () => {
    const memo = new BoundedMemo<string, undefined>(2);
    let computed = 0;
    memo.get("x", () => void computed++);
    memo.get("x", () => void computed++);
    expect(computed).toBe(1);
  });
});
