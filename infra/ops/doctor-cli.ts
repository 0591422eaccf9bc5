/** `npm run doctor [-- --stage prod [--region r] [--ses-from addr] [--ses-region r] | --url http://localhost:3000]`: infra/ops/doctor.ts */
import { awsChecks, localChecks, report } from './doctor';
import { parseArgs } from './target';

const { target, flags } = parseArgs(process.argv.slice(2));
const checks =
  target.kind === 'aws'
    ? [
        ...(await localChecks()),
        ...(await awsChecks(target, { sesFrom: flags['ses-from'], sesRegion: flags['ses-region'] })),
      ]
    : await localChecks(flags.url ? target.url : undefined);
const { text, failed } = report(checks);
console.log(text);
console.log(failed ? `\n${failed} check(s) failed: fix them before deploying.` : '\nNothing blocks a deploy.');
process.exit(failed ? 1 : 0);
