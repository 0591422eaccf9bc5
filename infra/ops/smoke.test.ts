/** The smoke check's synthetic user signs up at SES's mailbox simulator (no bounce, no real mailbox). */
import { describe, expect, it } from 'vitest';
import { SMOKE_EMAIL_DOMAIN, smokeEmail } from './smoke';

describe('the smoke sign-up address', () => {
  it("is the mailbox simulator's success address with a label, new on every run", () => {
    expect(SMOKE_EMAIL_DOMAIN).toBe('simulator.amazonses.com');
    expect(smokeEmail('ab12cd34')).toBe('success+smoke-ab12cd34@simulator.amazonses.com');
    const [a, b] = [smokeEmail(), smokeEmail()];
    expect(a).toMatch(/^success\+smoke-[0-9a-f]{8}@simulator\.amazonses\.com$/);
    expect(a).not.toBe(b);
  });
});
