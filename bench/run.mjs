// `npm run bench -- <name>`: runs bench/<name>.ts against the configured database and prints numbers.
// Options after the names go to each benchmark: `npm run bench -- lighthouse --pages wingo --runs 3`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const names = fs
  .readdirSync(import.meta.dirname)
  .filter((file) => file.endsWith('.bench.ts'))
  .map((file) => file.replace('.bench.ts', ''));
const args = process.argv.slice(2);
const firstOption = args.findIndex((arg) => arg.startsWith('--'));
const wanted = firstOption === -1 ? args : args.slice(0, firstOption);
const options = firstOption === -1 ? [] : args.slice(firstOption);
const chosen = wanted.length > 0 ? wanted : names;
for (const name of chosen) {
  if (!names.includes(name)) {
    console.error(`unknown benchmark "${name}"; available: ${names.join(', ')}`);
    process.exit(2);
  }
  console.log(`\n=== bench: ${name} ===`);
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, `${name}.bench.ts`), ...options],
    {
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}
