/**
 * `npm run catalog:seed`: the starter catalogue (categories, 12 styles with their images), owned by an admin;
 * idempotent (a second run writes nothing).
 *   locally (npm start seeds it at start already): npm run catalog:seed [-- --owner admin@example.com]
 *   a deployed stage (AWS credentials):           npm run catalog:seed -- --stage prod --owner you@example.com
 */
import { createDb } from '../../shared/repositories/table';
import { createS3Client } from '../local/s3-sdk';
import { seedStarterCatalog, type SeedOutcome } from './day-one';
import { die, localAdminToken, parseArgs, stackOutputs } from './target';

const { target, flags } = parseArgs(process.argv.slice(2));
const owner = flags.owner ?? (target.kind === 'local' ? (process.env.ADMIN_EMAIL ?? 'admin@example.com') : undefined);
if (!owner) die('usage: npm run catalog:seed -- --stage <stage> --owner <admin e-mail> [--region <region>]');

let out: SeedOutcome;
if (target.kind === 'aws') {
  const data = stackOutputs(target.stage, 'Data', target.region);
  Object.assign(process.env, {
    AWS_REGION: target.region,
    TABLE_NAME: data.TableName,
    PUBLIC_BUCKET: data.PublicBucketName,
  });
  const db = createDb({ tableName: data.TableName ?? die('No TableName output on the Data stack') });
  out = await seedStarterCatalog({
    db,
    s3: createS3Client(),
    publicBucket: data.PublicBucketName ?? die('No PublicBucketName output on the Data stack'),
    ownerEmail: owner,
    log: (l) => console.log(l),
  });
  // the explore index's repair sweep (issue 40): settles unfinished posting work, deletes postings no style lists
  const { repairExploreIndex } = await import('../../shared/repositories/explore-repair');
  const repair = await repairExploreIndex(db);
  console.log(`Explore index: ${repair.settled} style(s) settled, ${repair.strays} stray posting(s) deleted.`);
} else {
  const token = await localAdminToken(target.url).catch((e: Error) => die(`${e.message} (is npm start running?)`));
  const res = await fetch(`${target.url}/local/admin/seed-catalog?owner=${encodeURIComponent(owner)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  out = (await res.json()) as SeedOutcome;
}
if (out.status === 'owner-not-found') die(`No account for ${owner}: sign up and sign in once, then run this again.`);
console.log(out.status === 'seeded' ? 'Starter catalogue seeded.' : 'The starter catalogue was already there.');
