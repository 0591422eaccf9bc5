import { App, Stack, Validations, RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { AwsSolutionsChecks } from 'cdk-nag';
import { AppFunction } from '../lib/constructs/app-function';
import { groupEntry } from '../lib/paths';
const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
const stack = new Stack(app, 'S', { env: { region: 'eu-west-1' } });
new AppFunction(stack, 'AuthUser', { entry: groupEntry('auth-user'), logRetention: RetentionDays.ONE_WEEK, removalPolicy: RemovalPolicy.DESTROY });
const pack = new AwsSolutionsChecks(app, { verbose: false });
const t0 = Date.now();
const rep = pack.validateScope(app);
console.log(JSON.stringify(rep, null, 1).slice(0, 3000), Date.now() - t0);
Validations.of(app).addPlugins(pack);
try { app.synth(); console.log('synth ok'); } catch (e) { console.log('synth error', String(e).slice(0, 1500)); }
