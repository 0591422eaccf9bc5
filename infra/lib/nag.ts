/**
 * cdk-nag (v3) acknowledgments. cdk-nag 3 is a CDK policy-validation plugin: it runs at synth time and any
 * unacknowledged finding fails the synth. Acknowledge findings next to the construct that causes them,
 * always with a concrete reason; granular findings use the `RuleId[FindingId]` form, e.g.
 * `AwsSolutions-IAM5[Resource::*]`. docs/operations.md lists every acknowledgment with its reason.
 */
import { Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

export function acknowledge(scope: IConstruct, ids: string | string[], reason: string): void {
  for (const id of Array.isArray(ids) ? ids : [ids]) Validations.of(scope).acknowledge({ id, reason });
}
