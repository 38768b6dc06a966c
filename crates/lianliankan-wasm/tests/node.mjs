// The package's checks in Node: `node node.mjs PROJECT FIXTURE EXPECTED`,
// PROJECT an npm project that installed the package (so that the import
// goes through its package.json as a user's would).
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runChecks } from "./checks.mjs";

const [project, fixture, expected] = process.argv.slice(2);
const require = createRequire(join(project, "package.json"));
const llk = require("lianliankan-wasm");
const { checks, failures } = runChecks(llk, readFileSync(fixture, "utf8"), JSON.parse(readFileSync(expected, "utf8")));
for (const f of failures.slice(0, 30)) console.error(`  FAILED ${f}`);
console.log(`node: ${checks - failures.length} of ${checks} checks passed`);
process.exit(failures.length === 0 ? 0 : 1);
