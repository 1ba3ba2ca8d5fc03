import { readFile } from "node:fs/promises";
import path from "node:path";
import { parse } from "csv-parse/sync";
import type { Kysely } from "kysely";
import { updatePlannerStatistics } from "~/lib/db/dialect.server";
import type { Database } from "~/lib/db/schema";
import type { MarketInput } from "../market-input";
import { saveMarkets } from "../market-writes.server";
import type { LocalDate } from "../types";
import { geocodeTown } from "./geocode";
import { readImportRow, type ImportRecord } from "./rows";

export interface RejectedRow {
  /** 1-based data row (the header is not counted), as a spreadsheet user counts rows after it. */
  row: number;
  name: string;
  errors: string[];
}

export interface ImportSummary {
  rows: number;
  created: number;
  updated: number;
  rejected: RejectedRow[];
}

/** Rows of a CSV (comma or semicolon separated, as Danish spreadsheets save it) or a JSON array. */
export function readImportRecords(fileName: string, content: string): ImportRecord[] {
  if (path.extname(fileName).toLowerCase() === ".json") {
    let value: unknown;
    try {
      value = JSON.parse(content);
    } catch (error) {
      throw new Error(`Filen er ikke gyldig JSON: ${(error as Error).message}`);
    }
    if (!Array.isArray(value) || value.some((row) => typeof row !== "object" || row === null || Array.isArray(row))) {
      throw new Error("JSON-filen skal være en liste af markeder: [{ \"navn\": …, \"type\": … }, …]");
    }
    return value as ImportRecord[];
  }
  const firstLine = content.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0] ?? "";
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ";" : ",";
  try {
    return parse(content, { columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()), bom: true, delimiter, skip_empty_lines: true, trim: true, relax_column_count: false });
  } catch (error) {
    const { code, lines } = error as { code?: string; lines?: number };
    const where = lines ? ` (linje ${lines})` : "";
    if (code === "CSV_RECORD_INCONSISTENT_FIELDS_LENGTH" || code === "CSV_RECORD_INCONSISTENT_COLUMNS") {
      throw new Error(`CSV-filen kan ikke læses${where}: rækken har et andet antal felter end overskriften. Sæt anførselstegn om felter, der indeholder ${delimiter}`);
    }
    throw new Error(`CSV-filen kan ikke læses${where}: ${(error as Error).message}`);
  }
}

/**
 * Checks every row, then writes the good ones in one transaction: a rejected row is reported
 * with its reasons and written not at all; a failure while writing leaves the database unchanged.
 */
export async function importRecords(
  db: Kysely<Database>,
  records: ImportRecord[],
  { today, dryRun = false }: { today: LocalDate; dryRun?: boolean },
): Promise<ImportSummary> {
  const accepted: MarketInput[] = [];
  const rejected: RejectedRow[] = [];
  const seen = new Map<string, number>();
  records.forEach((record, index) => {
    const row = index + 1;
    const name = String(record.navn ?? "").trim();
    const result = readImportRow(record);
    if (!result.ok) {
      rejected.push({ row, name, errors: result.errors });
      return;
    }
    const input = result.input;
    if (result.needsGeocoding) {
      const position = geocodeTown(input.city, input.postalCode);
      if (!position) {
        rejected.push({ row, name, errors: [`by: "${input.city}" (${input.postalCode}) findes ikke i bylisten – angiv breddegrad og laengdegrad.`] });
        return;
      }
      input.latitude = position.latitude;
      input.longitude = position.longitude;
    }
    const key = input.slug ?? `${input.name.toLowerCase()}|${input.postalCode}`;
    const earlier = seen.get(key);
    if (earlier) {
      rejected.push({ row, name, errors: [`Samme marked som række ${earlier}; kun den første bruges.`] });
      return;
    }
    seen.set(key, row);
    accepted.push(input);
  });

  if (dryRun || accepted.length === 0) {
    return { rows: records.length, created: 0, updated: 0, rejected };
  }
  const saved = await saveMarkets(db, accepted, { source: "import", today });
  await updatePlannerStatistics(db);
  return {
    rows: records.length,
    created: saved.filter((result) => result.action === "created").length,
    updated: saved.filter((result) => result.action === "updated").length,
    rejected,
  };
}

export async function importFile(db: Kysely<Database>, file: string, options: { today: LocalDate; dryRun?: boolean }) {
  const content = await readFile(file, "utf8");
  return importRecords(db, readImportRecords(file, content), options);
}

/** The summary an operator reads after an import, in Danish. */
export function describeImport(summary: ImportSummary, dryRun = false): string {
  const lines = [
    dryRun
      ? `Prøvekørsel: ${summary.rows} rækker læst, ${summary.rows - summary.rejected.length} er i orden, ${summary.rejected.length} afvist. Intet er gemt.`
      : `${summary.rows} rækker læst: ${summary.created} oprettet, ${summary.updated} opdateret, ${summary.rejected.length} afvist.`,
  ];
  for (const rejected of summary.rejected) {
    lines.push(`Række ${rejected.row}${rejected.name ? ` (${rejected.name})` : ""}:`);
    for (const error of rejected.errors) lines.push(`  - ${error}`);
  }
  return lines.join("\n");
}
