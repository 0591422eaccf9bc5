/**
 * Regenerates docs/capacity.md's tables from the stage config and the capacity model (infra/lib/capacity-doc.ts):
 *   npx tsx infra/ops/capacity-doc.ts          prints the tables
 *   npx tsx infra/ops/capacity-doc.ts --write  writes them into docs/capacity.md
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { repoPath } from '../lib/paths';
import { capacityTables, withCapacityTables } from '../lib/capacity-doc';

const file = repoPath('docs', 'capacity.md');
if (process.argv.includes('--write')) {
  writeFileSync(file, withCapacityTables(readFileSync(file, 'utf8')));
  console.log(`${file}: tables written`);
} else console.log(capacityTables());
