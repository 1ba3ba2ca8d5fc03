import "../server/env-file.js";
import { loadConfig } from "../app/lib/config.server";
import { openDatabase } from "../app/lib/db/database.server";
import { formatLongDanishDate, todayInDenmark } from "../app/lib/dates";
import { refreshOccurrencesAndSearch } from "../app/jobs/daily-job.server";
import { OCCURRENCE_HORIZON_MONTHS } from "../app/markets/schedule/occurrences.server";

// The daily job (npm run occurrences:refresh): run it shortly after midnight Danish time, so that
// the 18-month horizon moves on and edited schedules reach the calendar.

const number = (value: number) => value.toLocaleString("da-DK");

const appDatabase = openDatabase(loadConfig().databaseUrl);
try {
  const today = todayInDenmark();
  const started = Date.now();
  const result = await refreshOccurrencesAndSearch(appDatabase.db, today);
  const seconds = ((Date.now() - started) / 1000).toFixed(1).replace(".", ",");
  console.log(
    `Datoer opdateret fra ${formatLongDanishDate(today)} og ${OCCURRENCE_HORIZON_MONTHS} måneder frem: ` +
      `${number(result.markets)} markeder med ${number(result.occurrences)} datoer ` +
      `(${number(result.inserted)} skrevet, ${number(result.deleted)} fjernet) på ${seconds} s.`,
  );
  for (const failure of result.failed) {
    console.error(`Markedet ${failure.marketId} blev ikke opdateret (plan ${failure.scheduleId}): ${failure.message}`);
  }
  if (result.failed.length) process.exitCode = 1;
} finally {
  await appDatabase.close();
}
