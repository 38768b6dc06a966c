// The bench's hint timing in Node: `node bench.mjs PROJECT DEALS`.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { timeHints } from "./timing.mjs";

const [project, deals] = process.argv.slice(2);
const llk = createRequire(join(project, "package.json"))("lianliankan-wasm");
console.log(JSON.stringify(timeHints(llk, JSON.parse(readFileSync(deals, "utf8")))));
