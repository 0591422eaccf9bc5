/**
 * Fault points for the crash tests (issue 27): with FAULT_POINT=<name> in a LOCAL stack's environment, the
 * process kills itself (SIGKILL: no clean-up, no exit hooks, like a power cut) the first time it reaches that
 * point. Ignored outside APP_STAGE=local, so a deployed function never stops here.
 *
 * - render.after-store: a render's result is stored, the workflow not told yet;
 * - render.after-stage: a synchronous provider's images are staged by the provider-call function, the job not
 *   told yet (no hand-off to the render worker);
 * - stripe.after-apply: a Stripe event's effect is written, the webhook not answered yet (Stripe redelivers);
 * - upload.after-store: a direct upload's image is stored, its quarantine object not deleted, the finalize not
 *   answered (the browser retries the finalize).
 */
export type FaultPoint = 'render.after-store' | 'render.after-stage' | 'stripe.after-apply' | 'upload.after-store';

export function faultPoint(name: FaultPoint, env: Record<string, string | undefined> = process.env): void {
  if (env.APP_STAGE !== 'local' || !env.FAULT_POINT) return;
  if (!env.FAULT_POINT.split(',').includes(name)) return;
  process.kill(process.pid, 'SIGKILL');
}
