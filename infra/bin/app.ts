/**
 * The CDK app (cdk.json: `npx tsx infra/bin/app.ts`).
 *
 *   npm run synth                      # cdk synth --all --quiet (stage dev)
 *   npx cdk deploy --all -c stage=prod
 *
 * Stage: -c stage=dev|prod, else $STAGE, else dev. See infra/lib/stage-config.ts for the other context keys.
 */
import { App } from 'aws-cdk-lib';
import { buildTryonApp } from '../lib/tryon-app';

const app = new App();
buildTryonApp(app);
app.synth();
