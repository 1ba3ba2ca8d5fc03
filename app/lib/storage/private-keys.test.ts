import { describe, expect, it } from "vitest";
import { isPrivateKey, privateFolder, privateOwnerOf } from "./private-keys";

describe("who a stored file's key says may see it", () => {
  it("names the owner of a key in their private folder, and nobody for a public key", () => {
    const owner = "0f9a1b2c-3d4e-4f50-8a6b-7c8d9e0f1a2b";
    expect(privateFolder(owner)).toBe(`private/${owner}`);
    expect(privateOwnerOf(`private/${owner}/drafts/d/abc-400.webp`)).toBe(owner);
    expect(isPrivateKey(`private/${owner}/markets/m/abc-400.webp`)).toBe(true);
    for (const key of ["markets/m/abc-400.webp", "avatars/u/k-96.webp", "privat/u/x.webp", "drafts/d/abc-400.webp"]) {
      expect([key, isPrivateKey(key), privateOwnerOf(key)]).toEqual([key, false, null]);
    }
  });

  it("keeps a private key that names nobody private: only admins see it", () => {
    expect(isPrivateKey("private")).toBe(true);
    expect(isPrivateKey("private/x.webp")).toBe(true);
    expect(privateOwnerOf("private/")).toBeNull();
  });

  it("refuses to make a folder of something that is no user id", () => {
    for (const bad of ["", "..", "a/b", "a b"]) expect(() => privateFolder(bad)).toThrow();
  });
});
