/**
 * Builds the CDK app of one stage for the infra tests, exactly as infra/bin/app.ts does, with two
 * differences: Lambda bundling is skipped (context aws:cdk:bundling-stacks = []: the assets are
 * placeholders, the templates are identical otherwise) and the cloud assembly goes to a temp directory.
 * cdk-nag runs as in the CLI (policy validation during synth); its report is returned, not thrown.
 */
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { buildTryonApp, type TryonStacks } from '../../infra/lib/tryon-app';
import type { Stage } from '../../infra/lib/stage-config';

export interface NagViolation {
  ruleName: string;
  /** error or warning: both fail the synth. */
  severity: string;
  description: string;
  paths: string[];
}

export interface SynthesizedApp {
  app: App;
  /** The cloud assembly directory (a temp directory: remove it after the tests). */
  outdir: string;
  stacks: TryonStacks;
  templates: { data: Template; auth: Template; app: Template; alarms: Template; web: Template };
  /** cdk-nag findings without an acknowledgment (empty when the synth passed validation). */
  nagViolations: NagViolation[];
}

export function synthApp(stage: Stage, opts: { webDist?: string } = {}): SynthesizedApp {
  const outdir = mkdtempSync(path.join(tmpdir(), `tryon-cdk-${stage}-`));
  const app = new App({ outdir, context: { stage, 'aws:cdk:bundling-stacks': [] } });
  const stacks = buildTryonApp(app, { webDist: opts.webDist });
  let nagViolations: NagViolation[] = [];
  try {
    app.synth();
  } catch (err) {
    const reportPath = path.join(outdir, 'validation-report.json');
    if (!existsSync(reportPath)) throw err;
    const report = JSON.parse(readFileSync(reportPath, 'utf8')) as {
      pluginReports: {
        violations: {
          ruleName: string;
          severity?: string;
          description: string;
          violatingConstructs?: { constructPath?: string }[];
        }[];
      }[];
    };
    nagViolations = report.pluginReports.flatMap((p) =>
      p.violations.map((v) => ({
        ruleName: v.ruleName,
        severity: v.severity ?? 'error',
        description: v.description,
        paths: (v.violatingConstructs ?? []).map((r) => r.constructPath ?? '?'),
      })),
    );
  }
  // The templates are written before validation runs, so they exist even when cdk-nag failed the synth
  // (the cdk-nag test reports that failure).
  const template = (stack: Stack) =>
    Template.fromJSON(JSON.parse(readFileSync(path.join(outdir, stack.templateFile), 'utf8')));
  return {
    app,
    outdir,
    stacks,
    templates: {
      data: template(stacks.data),
      auth: template(stacks.auth),
      app: template(stacks.app),
      alarms: template(stacks.alarms),
      web: template(stacks.web),
    },
    nagViolations,
  };
}

type Resources = Record<
  string,
  { Type: string; Properties?: any; DeletionPolicy?: string; UpdateReplacePolicy?: string }
>;

export const resourcesOf = (t: Template, type: string): Resources => t.findResources(type) as Resources;

/** The resolved text of a CloudFormation string value ("Fn::Join" of literals and references). */
export function flatten(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(flatten).join('');
  if (value && typeof value === 'object') {
    const [k, v] = Object.entries(value)[0] ?? [];
    if (k === 'Fn::Join') return (v[1] as unknown[]).map(flatten).join(v[0] as string);
    if (k === 'Ref') return `<${v}>`;
    if (k === 'Fn::GetAtt') return `<${(v as string[]).join('.')}>`;
    if (k === 'Fn::ImportValue') return `<import:${flatten(v)}>`;
    return `<${k}>`;
  }
  return String(value);
}
