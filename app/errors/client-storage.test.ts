import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from "vitest";

/** A Storage with the methods the module uses, keys readable through Object.keys like the real one. */
function memoryStorage(initial: Record<string, string> = {}, options: { full?: boolean } = {}): Storage {
  const storage = { ...initial } as Record<string, unknown>;
  const methods = {
    getItem: (key: string) => (Object.hasOwn(storage, key) ? String(storage[key]) : null),
    setItem: (key: string, value: string) => {
      if (options.full) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      storage[key] = String(value);
    },
    removeItem: (key: string) => void delete storage[key],
    clear: () => Object.keys(storage).forEach((key) => delete storage[key]),
  };
  for (const [name, method] of Object.entries(methods)) Object.defineProperty(storage, name, { value: method, enumerable: false });
  return storage as unknown as Storage;
}

const blocked = () => {
  throw new DOMException("Access is denied for this document.", "SecurityError");
};

interface FakeWindow {
  localStorage?: Storage;
  sessionStorage?: Storage;
  caches?: { keys: () => Promise<string[]>; delete: (name: string) => Promise<boolean> };
  location: { href: string; reload: ReturnType<typeof vi.fn> };
  listeners: Record<string, (event: Event) => void>;
  addEventListener: (type: string, listener: (event: Event) => void) => void;
}

function fakeWindow(storage: { local?: Storage | "blocked"; session?: Storage | "blocked" }): FakeWindow {
  const win = {
    location: { href: "https://loppeguiden.dk/kalender", reload: vi.fn() },
    listeners: {},
    addEventListener(type: string, listener: (event: Event) => void) {
      win.listeners[type] = listener;
    },
  } as FakeWindow;
  for (const [name, value] of [
    ["localStorage", storage.local],
    ["sessionStorage", storage.session],
  ] as const) {
    Object.defineProperty(win, name, value === "blocked" ? { get: blocked } : { value: value ?? memoryStorage() });
  }
  return win;
}

async function loadModule(win: FakeWindow) {
  vi.resetModules();
  vi.stubGlobal("window", win);
  return import("./client-storage");
}

let sendBeacon: Mock<Navigator["sendBeacon"]>;

beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  sendBeacon = vi.fn<Navigator["sendBeacon"]>(() => true);
  vi.stubGlobal("navigator", { sendBeacon });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the start-up storage check (product §4, §8)", () => {
  it("is quiet when local storage works and leaves no probe behind", async () => {
    const local = memoryStorage({ other: "1" });
    const storage = await loadModule(fakeWindow({ local }));
    storage.checkStorageAvailability();
    expect(console.warn).not.toHaveBeenCalled();
    expect(sendBeacon).not.toHaveBeenCalled();
    expect(Object.keys(local)).toEqual(["other"]);
  });

  it.each([
    ["the getter throws a SecurityError", "blocked" as const],
    ["writing throws (quota)", memoryStorage({}, { full: true })],
  ])("warns 'Storage not available' and reports it once when %s", async (_, local) => {
    const storage = await loadModule(fakeWindow({ local }));
    storage.checkStorageAvailability();
    storage.checkStorageAvailability();
    expect(console.warn).toHaveBeenCalledTimes(1);
    expect(console.warn).toHaveBeenCalledWith("Storage not available");
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [endpoint, blob] = sendBeacon.mock.calls[0]!;
    expect(endpoint).toBe("/api/client-errors");
    expect(JSON.parse(await (blob as Blob).text())).toMatchObject({ title: "Storage not available", severity: "warning" });
  });
});

describe("the forced clear of the critical error screen", () => {
  it("keeps only the consent keys, empties sessionStorage, deletes every cache and reloads", async () => {
    const local = memoryStorage({ "loppeguiden-consent": "{}", "loppeguiden-consent-details": "{}", "old-markets": "[]" });
    const session = memoryStorage({ tab: "1" });
    const win = fakeWindow({ local, session });
    const deleted: string[] = [];
    win.caches = { keys: async () => ["pages", "static-v1"], delete: async (name) => (deleted.push(name), true) };
    const storage = await loadModule(win);
    await storage.forcedClear();
    expect(Object.keys(local).sort()).toEqual(["loppeguiden-consent", "loppeguiden-consent-details"]);
    expect(Object.keys(session)).toEqual([]);
    expect(deleted).toEqual(["pages", "static-v1"]);
    expect(win.location.reload).toHaveBeenCalledTimes(1);
  });

  it("still reloads when storage is blocked and Cache Storage is missing", async () => {
    const win = fakeWindow({ local: "blocked", session: "blocked" });
    const storage = await loadModule(win);
    await storage.forcedClear();
    expect(win.location.reload).toHaveBeenCalledTimes(1);
  });
});

describe("recovering from a chunk a deploy removed", () => {
  const preloadError = () => new Event("vite:preloadError", { cancelable: true });

  it("reloads once, and lets a second failure within 30 s through to the error reporter", async () => {
    const win = fakeWindow({});
    const storage = await loadModule(win);
    storage.installStaleBuildRecovery();
    const first = preloadError();
    win.listeners["vite:preloadError"]!(first);
    expect(first.defaultPrevented).toBe(true);
    expect(win.location.reload).toHaveBeenCalledTimes(1);

    const second = preloadError();
    win.listeners["vite:preloadError"]!(second);
    expect(second.defaultPrevented).toBe(false);
    expect(win.location.reload).toHaveBeenCalledTimes(1);
  });

  it("allows another reload after 30 s, and none without sessionStorage", async () => {
    const storage = await loadModule(fakeWindow({}));
    expect(storage.claimStaleBuildReload(1_000_000)).toBe(true);
    expect(storage.claimStaleBuildReload(1_029_000)).toBe(false);
    expect(storage.claimStaleBuildReload(1_031_000)).toBe(true);

    const withoutStorage = await loadModule(fakeWindow({ session: "blocked" }));
    expect(withoutStorage.claimStaleBuildReload()).toBe(false);
  });
});
