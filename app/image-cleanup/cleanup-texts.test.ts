import { describe, expect, it } from "vitest";
import { fileAgeText, fileCountText, fileSizeText, savedAtText } from "./cleanup-texts";

describe("the image cleanup's sizes and ages", () => {
  it("gives sizes in kB, MB and GB with a Danish decimal comma", () => {
    expect(fileSizeText(0)).toBe("0 kB");
    expect(fileSizeText(12)).toBe("0,1 kB");
    expect(fileSizeText(1_450)).toBe("1,5 kB");
    expect(fileSizeText(812_000)).toBe("812 kB");
    expect(fileSizeText(1_250_000)).toBe("1,3 MB");
    expect(fileSizeText(2_100_000_000)).toBe("2,1 GB");
  });

  it("counts whole days, and the files with their total", () => {
    const now = new Date("2026-05-10T12:00:00Z");
    expect(fileAgeText(new Date("2026-05-09T11:00:00Z"), now)).toBe("1 dag gammel");
    expect(fileAgeText(new Date("2026-05-01T12:00:00Z"), now)).toBe("9 dage gammel");
    expect(fileAgeText(new Date("2022-05-01T12:00:00Z"), now)).toBe("1.470 dage gammel");
    expect(fileCountText(1, 2_000)).toBe("1 fil på 2 kB");
    expect(fileCountText(1_204, 3_200_000)).toBe("1.204 filer på i alt 3,2 MB");
  });

  it("says when a file was saved in Danish time", () => {
    expect(savedAtText(new Date("2026-05-03T12:05:00Z"))).toBe("Gemt 3. maj 2026 kl. 14.05");
  });
});
