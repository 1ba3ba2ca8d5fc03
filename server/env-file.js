// Settings from the project's .env file, when there is one (.env.example lists them all).
// Variables already set in the environment win, so a deployment can still override any of them.
// Imported first by the server and by the operators' scripts (npm run db:migrate, user:role, …).
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const file = fileURLToPath(new URL("../.env", import.meta.url));
if (existsSync(file)) process.loadEnvFile(file);
