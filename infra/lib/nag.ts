/**
 * cdk-nag (v3) for this app.
 *
 * cdk-nag 3 is a CDK policy-validation plugin: it runs during synth (after cross-stack references are
 * resolved) and any finding that is not acknowledged fails the synth, so `cdk synth`/`cdk deploy` and the
 * infra tests enforce it. Acknowledge findings next to the construct that causes them, always with a
 * concrete reason:
 *
 * - acknowledge(scope, 'AwsSolutions-L1', reason): an exact finding id (CDK `Validations.acknowledge`).
 * - acknowledgeMatching(scope, /^AwsSolutions-IAM5\[Resource::.*\/\*\]$/, reason): a pattern for findings
 *   whose id embeds a generated name. IAM5 findings carry the offending resource, e.g.
 *   `AwsSolutions-IAM5[Resource::Tryon-dev-Data:ExportsOutputFnGetAttDataPrivateMedia0DCCCA1AArn99AFA0E5/*]`:
 *   an export name with a hash, or the account id when the CLI knows it. cdk-nag 3 has no prefix or pattern
 *   matching yet, so TryonNagChecks (below) applies these patterns, only to findings on `scope` and its
 *   children.
 *
 * docs/operations.md lists every acknowledgment with its reason.
 */
import {
  Validations,
  type IPolicyValidationContext,
  type IPolicyValidationPlugin,
  type PolicyValidationPluginReport,
} from 'aws-cdk-lib';
import { AwsSolutionsChecks, type NagPackProps } from 'cdk-nag';
import type { IConstruct } from 'constructs';

export function acknowledge(scope: IConstruct, ids: string | string[], reason: string): void {
  for (const id of Array.isArray(ids) ? ids : [ids]) Validations.of(scope).acknowledge({ id, reason });
}

/** Construct metadata type of a pattern acknowledgment (also visible in the cloud assembly manifest). */
export const PATTERN_ACK_METADATA = 'tryon:nag-acknowledge-pattern';

export interface PatternAcknowledgment {
  pattern: string;
  reason: string;
}

export function acknowledgeMatching(scope: IConstruct, pattern: RegExp, reason: string): void {
  if (!reason.trim()) throw new Error('A cdk-nag acknowledgment needs a reason');
  scope.node.addMetadata(PATTERN_ACK_METADATA, { pattern: pattern.source, reason } satisfies PatternAcknowledgment);
}

function patternAcks(construct: IConstruct): PatternAcknowledgment[] {
  const acks: PatternAcknowledgment[] = [];
  for (let c: IConstruct | undefined = construct; c; c = c.node.scope) {
    for (const m of c.node.metadata) if (m.type === PATTERN_ACK_METADATA) acks.push(m.data as PatternAcknowledgment);
  }
  return acks;
}

/**
 * AwsSolutionsChecks plus the pattern acknowledgments. Register with
 * `Validations.of(app).addPlugins(new TryonNagChecks(app, { verbose: true }))`.
 */
export class TryonNagChecks implements IPolicyValidationPlugin {
  readonly name: string;
  private readonly inner: AwsSolutionsChecks;

  constructor(scope?: IConstruct, props?: NagPackProps) {
    this.inner = new AwsSolutionsChecks(scope, props);
    this.name = this.inner.name;
  }

  validate(context: IPolicyValidationContext): PolicyValidationPluginReport {
    return this.filter(this.inner.validate(context), context.appConstruct);
  }

  /** Direct invocation on a construct tree (before synth: cross-stack references are not resolved yet). */
  validateScope(scope: IConstruct): PolicyValidationPluginReport {
    return this.filter(this.inner.validateScope(scope), scope);
  }

  private filter(report: PolicyValidationPluginReport, root: IConstruct): PolicyValidationPluginReport {
    const byPath = new Map(root.node.findAll().map((c) => [c.node.path, c]));
    const violations = report.violations
      .map((v) => ({
        ...v,
        violatingResources: v.violatingResources.filter((r) => {
          const construct = r.constructPath ? byPath.get(r.constructPath) : undefined;
          return !(construct && patternAcks(construct).some((a) => new RegExp(a.pattern).test(v.ruleName)));
        }),
      }))
      .filter((v) => v.violatingResources.length > 0);
    return { ...report, success: violations.length === 0, violations };
  }
}
