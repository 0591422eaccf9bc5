/** `npm run smoke -- <url>`: see infra/ops/smoke.ts. Exit code 1 when a step fails. */
import { runSmoke } from './smoke';

const url = process.argv.slice(2).find((a) => !a.startsWith('-'));
if (!url) {
  console.error('usage: npm run smoke -- <app url>   (AWS: SMOKE_ADMIN_EMAIL, SMOKE_ADMIN_PASSWORD, AWS credentials)');
  process.exit(2);
}
const steps = await runSmoke(url, { log: (s) => console.log(`${s.ok ? 'ok  ' : 'FAIL'} ${s.step}: ${s.detail}`) });
process.exit(steps.every((s) => s.ok) ? 0 : 1);
