import { readFile } from "node:fs/promises";
import path from "node:path";
import { parse } from "csv-parse/sync";
import type { Kysely } from "kysely";
import { updatePlannerStatistics } from "~/lib/db/dialect.server";
import { t } from "~/lib/i18n";
import type { Database } from "~/lib/db/schema";
import type { MarketInput } from "../markets/market-input";
import { upsertImportedMarkets } from "../markets/market-writes.server";
import type { LocalDate } from "../markets/types";
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
      throw new Error(t("markets.import.file.notJson", { reason: (error as Error).message }));
    }
    if (!Array.isArray(value) || value.some((row) => typeof row !== "object" || row === null || Array.isArray(row))) {
      throw new Error(t("markets.import.file.notAList"));
    }
    return value as ImportRecord[];
  }
  const firstLine = content.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0] ?? "";
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ";" : ",";
  try {
    return parse(content, {
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      bom: true,
      delimiter,
      skip_empty_lines: true,
      trim: true,
      relax_column_count: false,
    });
  } catch (error) {
    const { code, lines } = error as { code?: string; lines?: number };
    const unreadable = lines ? t("markets.import.file.csvUnreadableAt", { line: lines }) : t("markets.import.file.csvUnreadable");
    if (code === "CSV_RECORD_INCONSISTENT_FIELDS_LENGTH" || code === "CSV_RECORD_INCONSISTENT_COLUMNS") {
      throw new Error(`${unreadable}: ${t("markets.import.file.csvFieldCount", { delimiter })}`);
    }
    throw new Error(`${unreadable}: ${(error as Error).message}`);
  }
}

/**
 * Checks every row, then writes the good ones in one transaction: a rejected row is reported
 * with its reasons and written not at all; a failure while writing leaves the database unchanged.
 */
export async function importRecords(db: Kysely<Database>, records: ImportRecord[], { today, dryRun = false }: { today: LocalDate; dryRun?: boolean }): Promise<ImportSummary> {
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
        rejected.push({
          row,
          name,
          errors: [t("markets.import.reason", { column: "by", message: t("markets.import.unknownTown", { city: input.city, postalCode: input.postalCode }) })],
        });
        return;
      }
      input.latitude = position.latitude;
      input.longitude = position.longitude;
    }
    const key = input.slug ?? `${input.name.toLowerCase()}|${input.postalCode}`;
    const earlier = seen.get(key);
    if (earlier) {
      rejected.push({ row, name, errors: [t("markets.import.duplicate", { row: earlier })] });
      return;
    }
    seen.set(key, row);
    accepted.push(input);
  });

  if (dryRun || accepted.length === 0) {
    return { rows: records.length, created: 0, updated: 0, rejected };
  }
  const saved = await upsertImportedMarkets(db, accepted, { today });
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
      ? t("markets.import.summary.dryRun", { rows: summary.rows, accepted: summary.rows - summary.rejected.length, rejected: summary.rejected.length })
      : t("markets.import.summary.saved", { rows: summary.rows, created: summary.created, updated: summary.updated, rejected: summary.rejected.length }),
  ];
  for (const rejected of summary.rejected) {
    lines.push(rejected.name ? t("markets.import.summary.rowNamed", { row: rejected.row, name: rejected.name }) : t("markets.import.summary.row", { row: rejected.row }));
    for (const error of rejected.errors) lines.push(`  - ${error}`);
  }
  return lines.join("\n");
}
