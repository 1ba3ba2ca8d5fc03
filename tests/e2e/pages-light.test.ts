import { checkEveryPage } from "./every-page";

checkEveryPage("light");
