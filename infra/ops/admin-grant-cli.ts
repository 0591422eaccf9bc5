/**
 * `npm run admin:grant -- <email>`: make that account a permanent admin.
 *   locally (npm start running):      npm run admin:grant -- someone@example.com [--url http://localhost:3000]
 *   a deployed stage (AWS credentials): npm run admin:grant -- someone@example.com --stage prod [--region eu-west-1]
 * The account must exist and have signed in once (its user item is created then).
 */
import { createDb } from '../../shared/repositories/table';
import { grantAdmin, type GrantOutcome } from './day-one';
import { die, localAdminToken, parseArgs, stackOutputs } from './target';

const { target, positional } = parseArgs(process.argv.slice(2));
const email = positional[0] ?? die('usage: npm run admin:grant -- <email> [--stage <stage> [--region <region>]]');

let out: GrantOutcome;
if (target.kind === 'aws') {
  const { TableName } = stackOutputs(target.stage, 'Data', target.region);
  process.env.AWS_REGION = target.region;
  out = await grantAdmin(createDb({ tableName: TableName ?? die('No TableName output on the Data stack') }), email);
} else {
  const token = await localAdminToken(target.url).catch((e: Error) => die(`${e.message} (is npm start running?)`));
  const res = await fetch(`${target.url}/local/admin/grant?email=${encodeURIComponent(email)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  out = (await res.json()) as GrantOutcome;
}
if (out.status === 'not-found') die(`No account for ${email}: sign up and sign in once, then run this again.`);
console.log(out.status === 'granted' ? `${email} is now an admin (${out.userId}).` : `${email} was already an admin.`);
