import { checkEveryPage } from "./every-page";

checkEveryPage("dark");
