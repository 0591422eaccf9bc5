import { App, Stack, Validations, RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { AwsSolutionsChecks } from 'cdk-nag';
import { AppFunction } from '../lib/constructs/app-function';
import { groupEntry } from '../lib/paths';
const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
const stack = new Stack(app, 'S', { env: { region: 'eu-west-1' } });
const f = new AppFunction(stack, 'AuthUser', { entry: groupEntry('auth-user'), logRetention: RetentionDays.ONE_WEEK, removalPolicy: RemovalPolicy.DESTROY });
Validations.of(f).acknowledge({ id: 'AwsSolutions-IAM5[Resource::*]', reason: 'xray' });
Validations.of(f).acknowledge({ id: process.argv[2] ?? 'AwsSolutions-L1', reason: 'node 22' });
const pack = new AwsSolutionsChecks(app, { verbose: false });
console.log(JSON.stringify(pack.validateScope(app)));
Validations.of(app).addPlugins(pack);
try { const asm = app.synth(); console.log('synth ok', asm.directory); } catch (e) { console.log('synth error', String(e).slice(0, 1500)); }
